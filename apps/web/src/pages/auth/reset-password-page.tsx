import { ResetPasswordView } from '../../sections/auth/reset-password-view';

/** /auth/reset-password — open to everyone. */
export function Component() {
  return <ResetPasswordView />;
}
