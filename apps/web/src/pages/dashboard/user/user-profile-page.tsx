import { UserProfileView } from '../../../sections/user/user-profile-view';

/** /dashboard/user/profile — the signed-in person's own profile. */
export function Component() {
  return <UserProfileView />;
}
