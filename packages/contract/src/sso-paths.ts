// No runtime imports: the sign-in page reads this file (its bundle budget is tight).

/**
 * Single sign-on with OpenID Connect (decision 029, docs/sso.md). The sign-in page lists the
 * configured providers; `start` sends the browser to one, `callback` is where it comes back, and
 * the SPA trades the one-time code of `/auth/sso/done#code=…` for the usual sign-in answer.
 */
export const SSO_API = {
  providers: '/api/auth/sso',
  start: '/api/auth/sso/:provider/start',
  callback: '/api/auth/sso/:provider/callback',
  exchange: '/api/auth/sso/exchange',
  mappings: '/api/admin/sso/mappings',
} as const;

/** The path sending the browser to one provider. */
export const ssoStartPath = (provider: string) =>
  `/api/auth/sso/${encodeURIComponent(provider)}/start`;
