import { RegisterView } from '../../sections/auth/register-view';

/** /auth/register-unprotected — the same form without the guest guard: it never redirects. */
export function Component() {
  return <RegisterView />;
}
