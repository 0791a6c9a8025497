/**
 * A real OpenID provider (oidc-provider) on a loopback port, for the server's single sign-on
 * tests (the browser's spec has its own, apps/web/e2e/oidc-provider.ts). Its development login
 * page accepts any password; the login typed is the account, whose claims come from `accounts`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the relying party's callback (known once the app listens). */
  allowRedirect(uri: string): void;
  close(): Promise<void>;
}

/** Starts the provider on `port` (0 = any free one). */
export async function startTestProvider(
  accounts: Record<string, TestAccount>,
  port = 0,
): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'back-office';
  const clientSecret = 'a-client-secret-for-tests-only';
  const redirectUris: string[] = [];
  let provider: Provider | undefined;

  const configuration = (): Configuration => ({
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [...redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    cookies: { keys: ['cookie-key-for-the-test-provider-only'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'groups'],
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    // No consent screen: the test's client is first-party (the provider's "skip consent" recipe).
    async loadExistingGrant(ctx) {
      const oidcCtx = ctx.oidc;
      const clientId = oidcCtx.client!.clientId;
      const grantId = oidcCtx.result?.consent?.grantId ?? oidcCtx.session!.grantIdFor(clientId);
      if (grantId) return oidcCtx.provider.Grant.find(grantId);
      const grant = new oidcCtx.provider.Grant({
        clientId,
        accountId: oidcCtx.session!.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  function build() {
    provider = new Provider(issuer, configuration());
    provider.on('server_error', () => {});
  }
  build();
  server.on('request', (req, res) => provider!.callback()(req, res));

  return {
    issuer,
    clientId,
    clientSecret,
    allowRedirect(uri) {
      redirectUris.push(uri);
      build();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cookie jar for fetch: what the browser would keep, per host. */
export class CookieJar {
  private readonly jar = new Map<string, Map<string, string>>();

  store(url: string, response: Response) {
    const host = new URL(url).host;
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line))
        cookies.delete(name);
      else cookies.set(name, value);
    }
    this.jar.set(host, cookies);
  }

  header(url: string): string {
    const cookies = this.jar.get(new URL(url).host);
    return cookies ? [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }

  get(url: string, name: string) {
    return this.jar.get(new URL(url).host)?.get(name);
  }

  set(url: string, name: string, value: string) {
    const host = new URL(url).host;
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    cookies.set(name, value);
    this.jar.set(host, cookies);
  }
}

/** One request without following redirects, keeping cookies; answers the response and its URL. */
export async function step(
  jar: CookieJar,
  url: string,
  init: { method?: string; form?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {};
  const cookie = jar.header(url);
  if (cookie) headers.cookie = cookie;
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const response = await fetch(url, {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    redirect: 'manual',
  });
  jar.store(url, response);
  return response;
}

/**
 * Follows redirects from `url` as a browser would, filling the provider's login form with
 * `login` on the way, until a redirect leaves the provider for a URL `stop` accepts; answers that
 * URL (not fetched).
 */
export async function signInAtProvider(
  jar: CookieJar,
  url: string,
  login: string,
  stop: (url: URL) => boolean,
): Promise<URL> {
  let current = url;
  for (let hops = 0; hops < 20; hops++) {
    const response = await step(jar, current);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, current);
      if (stop(next)) return next;
      current = next.href;
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    if (response.status !== 200 || !action || !prompt)
      throw new Error(
        `provider page ${current} answered ${response.status}: ${html.slice(0, 300)}`,
      );
    const submit = new URL(action.replace(/&amp;/g, '&'), current).href;
    const posted = await step(jar, submit, {
      form: prompt === 'login' ? { prompt, login, password: 'any' } : { prompt },
    });
    const after = posted.headers.get('location');
    if (!after) throw new Error(`provider form answered ${posted.status}`);
    const next = new URL(after, submit);
    if (stop(next)) return next;
    current = next.href;
  }
  throw new Error('too many redirects at the provider');
}
