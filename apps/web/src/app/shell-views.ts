import type { SignInPage } from './sign-in-paths';

/**
 * The views of the sign-in shell's pages, each its own chunk: a page carries only its own form.
 * The entry starts the sign-in form's beside the shell (`app.tsx`), the shell the others' as it
 * runs; a link to another of them starts its download on intent (hover, focus).
 */
export const SHELL_VIEWS = {
  login: () => import('../sections/auth/login-view').then((m) => m.LoginView),
  register: () => import('../sections/auth/register-view').then((m) => m.RegisterView),
  verify: () => import('../sections/auth/verify-view').then((m) => m.VerifyView),
  resetPassword: () =>
    import('../sections/auth/reset-password-view').then((m) => m.ResetPasswordView),
  newPassword: () => import('../sections/auth/new-password-view').then((m) => m.NewPasswordView),
  acceptInvitation: () =>
    import('../sections/invitations/accept-invitation-view').then((m) => m.AcceptInvitationView),
  ssoDone: () => import('../sections/sso/sso-done-view').then((m) => m.SsoDoneView),
};

/** The loader of a shell page's view (the unprotected twins share their page's). */
export function shellViewOf(page: SignInPage) {
  if (page === 'loginUnprotected') return SHELL_VIEWS.login;
  if (page === 'registerUnprotected') return SHELL_VIEWS.register;
  return SHELL_VIEWS[page];
}
