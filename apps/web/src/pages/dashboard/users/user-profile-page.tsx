import { UserProfileView } from '../../../sections/users/user-profile-view';

/** /dashboard/user/profile — the signed-in person's own profile. */
export function Component() {
  return <UserProfileView />;
}
