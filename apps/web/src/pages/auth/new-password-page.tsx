import { NewPasswordView } from '../../sections/auth/new-password-view';

/** /auth/new-password — open to everyone; signed-in people are signed out once it succeeds. */
export function Component() {
  return <NewPasswordView />;
}
