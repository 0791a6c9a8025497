import { apiPath } from './api-path';

/**
 * The paths that belong to no area of the contract: the server's own (health, the OpenAPI
 * document and its reference page, the realtime socket, the bench's ceilings) and the account's.
 * Each area keeps its table beside its schemas (`ORDERS_API` in orders.ts, …); api-patterns.ts
 * gathers every table. The spec's calls keep their exact paths (trailing slash included).
 */
export const API = {
  health: '/api/health',
  /** The process answers (a liveness probe): no database call. */
  healthLive: '/api/health/live',
  /** Database, storage and migrations ready, and not shutting down (a readiness probe). */
  healthReady: '/api/health/ready',
  openapi: '/api/openapi.json',
  /** The reference page; @fastify/swagger-ui serves its assets under this prefix. */
  docs: '/api/docs',
  account: {
    myAccount: '/api/account/my-account/',
    login: '/api/account/login',
    login2fa: '/api/account/login/2fa',
    twoFactor: '/api/account/2fa',
    twoFactorSetup: '/api/account/2fa/setup',
    twoFactorEnable: '/api/account/2fa/enable',
    twoFactorDisable: '/api/account/2fa/disable',
    recoveryCodes: '/api/account/2fa/recovery-codes',
    register: '/api/account/register',
    logout: '/api/account/logout',
    verify: '/api/account/verify',
    resendCode: '/api/account/resend-code',
    resetPassword: '/api/account/reset-password',
    newPassword: '/api/account/new-password',
    changePassword: '/api/account/change-password',
    sessions: '/api/account/sessions',
    session: apiPath('/api/account/sessions/:id'),
  },
  realtime: '/api/realtime',
  /** Registered only with BENCH_ROUTES=1, for `npm run bench`. */
  bench: {
    noop: '/api/bench/noop',
    scans: '/api/bench/scans',
    cache: '/api/bench/cache',
    people: '/api/bench/people',
    pk: apiPath('/api/bench/pk/:id'),
  },
} as const;
