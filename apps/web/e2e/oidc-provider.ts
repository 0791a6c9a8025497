/**
 * A real OpenID provider (oidc-provider) on a loopback port, for e2e/sso.spec.ts (the server's
 * tests have their own, apps/server/test/oidc-provider.ts: the web may not import the server).
 * Its development login page accepts any password; the login typed is the account.
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
