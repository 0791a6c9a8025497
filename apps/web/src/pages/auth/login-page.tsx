import { LoginView } from '../../sections/auth/login-view';

/** /auth/login — signed-in people are sent on to where they were going. */
export function Component() {
  return <LoginView />;
}
