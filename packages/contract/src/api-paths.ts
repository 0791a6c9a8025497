/** Every API path, in one table. The spec's calls keep their exact paths (trailing slash included). */
export const API = {
  health: '/api/health',
  openapi: '/api/openapi.json',
  docs: '/api/docs',
  account: {
    myAccount: '/api/account/my-account/',
    login: '/api/account/login',
    register: '/api/account/register',
    logout: '/api/account/logout',
    verify: '/api/account/verify',
    resendCode: '/api/account/resend-code',
    resetPassword: '/api/account/reset-password',
    newPassword: '/api/account/new-password',
    changePassword: '/api/account/change-password',
    sessions: '/api/account/sessions',
    session: (id: string) => `/api/account/sessions/${id}`,
  },
  realtime: '/api/realtime',
} as const;
