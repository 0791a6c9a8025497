import { UserAccountView } from '../../../sections/users/user-account-view';

/** /dashboard/user/account — the signed-in person's settings. */
export function Component() {
  return <UserAccountView />;
}
