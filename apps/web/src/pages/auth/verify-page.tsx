import { VerifyView } from '../../sections/auth/verify-view';

/** /auth/verify — open to everyone: right after sign-up the person is already signed in. */
export function Component() {
  return <VerifyView />;
}
