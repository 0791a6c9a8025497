import { LoginView } from '../../sections/auth/login-view';

/** /auth/login-unprotected — the same form without the guest guard: it never redirects. */
export function Component() {
  return <LoginView />;
}
