import { UserAccountView } from '../../../sections/user/user-account-view';

/** /dashboard/user/account — the signed-in person's settings. */
export function Component() {
  return <UserAccountView />;
}
