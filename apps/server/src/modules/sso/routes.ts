/**
 * Single sign-on with OpenID Connect (decision 029, docs/sso.md): the authorization code flow
 * with PKCE, state and nonce through openid-client. `start` keeps the state, nonce and PKCE
 * verifier in a row of `sso_states` (and the state in an HttpOnly cookie binding the round trip to
 * this browser), `callback` checks them, finds or creates the person and hands a one-time code to
 * the SPA (`/auth/sso/done#code=…`), which `exchange` turns into the usual sign-in answer. The
 * session token itself never appears in a URL.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { loginSuccessSchema } from '@bo/contract/account';
import {
  SSO_API,
  ssoCallbackQuerySchema,
  ssoExchangeBodySchema,
  ssoMappingsAnswerSchema,
  ssoMappingsBodySchema,
  ssoProviderParamsSchema,
  ssoProvidersAnswerSchema,
  ssoStartQuerySchema,
  type SsoRefusal,
} from '@bo/contract/sso';
import type { SsoConfig, SsoProviderConfig } from '../../config.js';
import { users } from '../../db/schema/core.js';
import { effectivePermissions } from '../../lib/access.js';
import { audit } from '../../lib/audit.js';
import { readCookie, setFileCookie } from '../../lib/file-cookie.js';
import { fieldError, HttpError, notFound } from '../../lib/http-error.js';
import { closeAcceptedInvitation, findPendingInvitation } from '../../lib/invitations.js';
import { uniqueUserSlug } from '../../lib/people.js';
import { errorResponses, mediaAnswer } from '../../lib/route-schemas.js';
import { createSession } from '../../lib/sessions.js';
import { toAccountUser } from '../../lib/user-view.js';
import { emitWebhookEvent, personData } from '../../lib/webhooks.js';
import { requireAuth } from '../../plugins/auth.js';
import {
  STATE_TTL_SECONDS,
  claimValues,
  issueHandoff,
  linkIdentity,
  listMappings,
  mappedRole,
  personOfIdentity,
  replaceMappings,
  roleExists,
  saveState,
  takeHandoff,
  takeState,
} from './queries.js';

/** The cookie binding a round trip to the browser that started it (its state, HttpOnly). */
export const SSO_STATE_COOKIE = 'bo_sso_state';
const COOKIE_PATH = SSO_API.providers;
/** The SPA's page finishing a single sign-on (web-routes `ssoDone`). */
export const SSO_DONE_PATH = '/auth/sso/done';

type UserRow = typeof users.$inferSelect;

class Refusal extends Error {
  constructor(
    readonly reason: SsoRefusal,
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}

export async function ssoRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { db, config, permissions } = services;
  const sso: SsoConfig | undefined = config.sso;
  const providers = new Map((sso?.providers ?? []).map((p) => [p.name, p]));

  /** Discovery once per provider (again after a failure: the provider may have been down). */
  const discovered = new Map<string, Promise<oidc.Configuration>>();
  function clientOf(provider: SsoProviderConfig): Promise<oidc.Configuration> {
    let found = discovered.get(provider.name);
    if (!found) {
      // http:// issuers (a provider on this machine, tests) need openid-client told so.
      const insecure = provider.issuer.startsWith('http://');
      found = oidc.discovery(
        new URL(provider.issuer),
        provider.clientId,
        provider.clientSecret,
        undefined,
        insecure ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      );
      found.catch(() => discovered.delete(provider.name));
      discovered.set(provider.name, found);
    }
    return found;
  }

  const baseUrl = (request: FastifyRequest) =>
    (config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
  const callbackUrl = (request: FastifyRequest, provider: string) =>
    `${baseUrl(request)}/api/auth/sso/${provider}/callback`;

  function providerOrRefuse(name: string) {
    const provider = providers.get(name);
    if (!provider) throw notFound('Single sign-on provider');
    return provider;
  }

  function stateCookie(request: FastifyRequest, value: string, maxAge: number) {
    const secure = request.protocol === 'https' ? '; Secure' : '';
    // Lax: the provider's redirect back is a top-level GET from another site.
    return `${SSO_STATE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
  }

  async function accessOf(user: UserRow) {
    return effectivePermissions(
      config,
      {
        status: user.status,
        emailVerified: user.emailVerified,
        totpOn: user.totpEnabledAt !== null,
      },
      await permissions.of(user.role),
    );
  }

  app.get(
    SSO_API.providers,
    {
      config: { public: true },
      schema: {
        operationId: 'listSsoProviders',
        tags: ['sso'],
        summary: 'The single sign-on providers the sign-in page offers',
        response: { 200: ssoProvidersAnswerSchema },
      },
    },
    async () => ({
      providers: (sso?.providers ?? []).map((p) => ({ name: p.name, label: p.label })),
      ssoOnly: sso?.only ?? false,
    }),
  );

  app.get(
    SSO_API.start,
    {
      config: { public: true },
      schema: {
        operationId: 'startSso',
        tags: ['sso'],
        summary: 'Go to the provider to sign in (302), with state, nonce and PKCE',
        params: ssoProviderParamsSchema,
        querystring: ssoStartQuerySchema,
        response: {
          302: mediaAnswer('text/plain', 'To the provider’s sign-in page'),
          ...errorResponses(400, 404, 502),
        },
      },
    },
    async (request, reply) => {
      const provider = providerOrRefuse(request.params.provider);
      let client: oidc.Configuration;
      try {
        client = await clientOf(provider);
      } catch (err) {
        request.log.warn({ err, provider: provider.name }, 'OpenID provider discovery failed');
        throw new HttpError(502, 'SSO_PROVIDER_DOWN', 'The sign-in provider does not answer');
      }
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      await saveState(db, {
        state,
        provider: provider.name,
        nonce,
        codeVerifier,
        returnTo: request.query.returnTo,
      });
      const url = oidc.buildAuthorizationUrl(client, {
        redirect_uri: callbackUrl(request, provider.name),
        scope: provider.scopes,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      reply.header('set-cookie', stateCookie(request, state, STATE_TTL_SECONDS));
      reply.header('cache-control', 'no-store');
      return reply.redirect(url.href, 302);
    },
  );

  /** The claims of the ID token, completed by the userinfo endpoint when there is one. */
  async function claimsOf(client: oidc.Configuration, tokens: oidc.TokenEndpointResponse) {
    const idClaims = (
      tokens as oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers
    ).claims();
    if (!idClaims) throw new Refusal('code_invalid', 'no ID token');
    let claims: Record<string, unknown> = { ...idClaims };
    if (client.serverMetadata().userinfo_endpoint && tokens.access_token) {
      const info = await oidc.fetchUserInfo(client, tokens.access_token, idClaims.sub);
      // The ID token's claims win over userinfo's: they are signed.
      claims = { ...info, ...claims };
    }
    return { sub: idClaims.sub, claims };
  }

  /** Finds the person, or creates them when the domain is allowed or an invitation exists. */
  async function personFor(
    request: FastifyRequest,
    provider: SsoProviderConfig,
    sub: string,
    claims: Record<string, unknown>,
  ): Promise<{ user: UserRow; isNew: boolean }> {
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    return db.transaction(async (tx) => {
      const known = await personOfIdentity(tx, provider.name, sub);
      if (known) {
        await linkIdentity(tx, provider.name, sub, known.id);
        return { user: known, isNew: false };
      }
      if (!email || !email.includes('@')) throw new Refusal('email_missing');
      // An address the provider says it has not checked names nobody.
      if (claims.email_verified === false || claims.email_verified === 'false')
        throw new Refusal('email_unverified');
      const [existing] = await tx.select().from(users).where(eq(users.email, email));
      if (existing) {
        await linkIdentity(tx, provider.name, sub, existing.id);
        await audit(tx, request, {
          actorId: existing.id,
          action: 'auth.sso_linked',
          meta: { provider: provider.name },
        });
        return { user: existing, isNew: false };
      }
      const domain = email.slice(email.lastIndexOf('@') + 1);
      const invitation = await findPendingInvitation(tx, email);
      if (!invitation && !sso!.allowedDomains.includes(domain))
        throw new Refusal('not_allowed', email);
      const role =
        invitation?.role ??
        (await mappedRole(tx, provider.name, claimValues(claims[provider.roleClaim]))) ??
        sso!.defaultRole;
      if (!(await roleExists(tx, role))) throw new Refusal('role_missing', role);
      const given = str(claims.given_name);
      const family = str(claims.family_name);
      const full = str(claims.name);
      const firstName = given || full.split(' ')[0] || email.split('@')[0]!;
      const lastName = family || (given ? '' : full.split(' ').slice(1).join(' '));
      const [created] = await tx
        .insert(users)
        .values({
          email,
          passwordHash: null,
          firstName: firstName.slice(0, 100),
          lastName: lastName.slice(0, 100),
          displayName: (full || `${firstName} ${lastName}`).trim().slice(0, 200),
          slug: await uniqueUserSlug(tx, firstName, lastName),
          role,
          status: 'active',
          emailVerified: true,
        })
        .returning();
      await linkIdentity(tx, provider.name, sub, created!.id);
      if (invitation) await closeAcceptedInvitation(tx, request, invitation, created!.id, 'sso');
      await audit(tx, request, {
        actorId: created!.id,
        action: 'auth.sso_created',
        targetId: created!.id,
        meta: { provider: provider.name, role, invited: Boolean(invitation) },
      });
      return { user: created!, isNew: true };
    });
  }

  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: string,
    err: unknown,
  ) {
    const reason: SsoRefusal = err instanceof Refusal ? err.reason : 'code_invalid';
    if (!(err instanceof Refusal))
      request.log.warn({ err, provider }, 'single sign-on callback refused');
    await audit(db, request, {
      actorId: null,
      action: 'auth.sso_refused',
      meta: { provider, reason, detail: err instanceof Error ? err.message.slice(0, 200) : '' },
    });
    reply.header('cache-control', 'no-store');
    return reply.redirect(`${SSO_DONE_PATH}?error=${reason}`, 302);
  }

  app.get(
    SSO_API.callback,
    {
      config: { public: true },
      schema: {
        operationId: 'finishSso',
        tags: ['sso'],
        summary:
          'Where the provider sends the browser back: checks, signs in, 302 to the SPA with a one-time code',
        params: ssoProviderParamsSchema,
        querystring: ssoCallbackQuerySchema,
        response: {
          302: mediaAnswer('text/plain', 'To /auth/sso/done (#code=… or ?error=…)'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const provider = providerOrRefuse(request.params.provider);
      const { state, error } = request.query;
      const cookieState = readCookie(request.headers.cookie, SSO_STATE_COOKIE);
      reply.header('set-cookie', stateCookie(request, '', 0));
      try {
        if (error) throw new Refusal('provider_error', error);
        // The state must be this browser's (its cookie) and a live row of this provider, once.
        if (!state || !cookieState || state !== cookieState) throw new Refusal('state_invalid');
        const row = await takeState(db, state, provider.name);
        if (!row) throw new Refusal('state_invalid');
        const client = await clientOf(provider);
        const here = new URL(callbackUrl(request, provider.name));
        here.search = new URL(request.url, 'http://x').search;
        let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
        try {
          tokens = await oidc.authorizationCodeGrant(client, here, {
            pkceCodeVerifier: row.codeVerifier,
            expectedState: state,
            expectedNonce: row.nonce,
            idTokenExpected: true,
          });
        } catch (err) {
          throw new Refusal('code_invalid', err instanceof Error ? err.message : String(err));
        }
        const { sub, claims } = await claimsOf(client, tokens);
        const { user, isNew } = await personFor(request, provider, sub, claims);
        if (isNew) await emitWebhookEvent(app, 'user.created', personData(user));
        if (user.status === 'banned' || user.status === 'rejected')
          throw new Refusal('suspended', user.id);
        const code = await issueHandoff(db, user.id, provider.name);
        const fragment = new URLSearchParams({ code });
        if (row.returnTo) fragment.set('returnTo', row.returnTo);
        reply.header('cache-control', 'no-store');
        return reply.redirect(`${SSO_DONE_PATH}#${fragment.toString()}`, 302);
      } catch (err) {
        return refuse(request, reply, provider.name, err);
      }
    },
  );

  app.post(
    SSO_API.exchange,
    {
      config: { public: true },
      schema: {
        operationId: 'exchangeSsoCode',
        tags: ['sso'],
        summary: 'Trade the one-time code of /auth/sso/done for the sign-in answer',
        body: ssoExchangeBodySchema,
        response: { 200: loginSuccessSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const handoff = await takeHandoff(db, request.body.code);
      if (!handoff) throw fieldError('code', 'code_invalid', 'The code is wrong or has expired');
      const [user] = await db.select().from(users).where(eq(users.id, handoff.userId));
      if (!user) throw fieldError('code', 'code_invalid', 'The code is wrong or has expired');
      if (user.status === 'banned' || user.status === 'rejected')
        throw new HttpError(403, 'ACCOUNT_SUSPENDED', 'This account is suspended');
      const { accessToken } = await createSession(services, db, user.id, request);
      setFileCookie(request, reply, accessToken, config.jwtTtlSeconds);
      await audit(db, request, {
        actorId: user.id,
        action: 'auth.login',
        meta: { how: 'sso', provider: handoff.provider },
      });
      return {
        accessToken,
        user: toAccountUser(user, await accessOf(user)),
        msg: 'Login success',
      };
    },
  );

  app.get(
    SSO_API.mappings,
    {
      schema: {
        operationId: 'listSsoRoleMappings',
        tags: ['sso'],
        summary: 'The claim value → role table of single sign-on',
        response: { 200: ssoMappingsAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({
      providers: (sso?.providers ?? []).map((p) => ({
        name: p.name,
        label: p.label,
        claim: p.roleClaim,
      })),
      mappings: await listMappings(db),
      defaultRole: sso?.defaultRole ?? 'user',
    }),
  );

  app.put(
    SSO_API.mappings,
    {
      schema: {
        operationId: 'replaceSsoRoleMappings',
        tags: ['sso'],
        summary: 'Replace the claim value → role table (in order: the first match wins)',
        body: ssoMappingsBodySchema,
        response: { 200: ssoMappingsAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { mappings } = request.body;
      const seen = new Set<string>();
      for (const [i, m] of mappings.entries()) {
        if (!providers.has(m.provider))
          throw fieldError(`mappings.${i}.provider`, 'provider_unknown', 'No such provider');
        const key = `${m.provider}\n${m.claimValue}`;
        if (seen.has(key))
          throw fieldError(`mappings.${i}.claimValue`, 'duplicate', 'This value is mapped twice');
        seen.add(key);
      }
      await db.transaction(async (tx) => {
        for (const [i, m] of mappings.entries())
          if (!(await roleExists(tx, m.role)))
            throw fieldError(`mappings.${i}.role`, 'role_unknown', 'No such role');
        await replaceMappings(tx, mappings);
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'sso.mappings_replaced',
          meta: { count: mappings.length },
        });
      });
      return {
        providers: (sso?.providers ?? []).map((p) => ({
          name: p.name,
          label: p.label,
          claim: p.roleClaim,
        })),
        mappings: await listMappings(db),
        defaultRole: sso?.defaultRole ?? 'user',
      };
    },
  );
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
