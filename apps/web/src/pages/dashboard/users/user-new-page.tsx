import { UserCreateView } from '../../../sections/users/user-create-edit-view';

/** /dashboard/user/new — administrators only (the server refuses others too). */
export function Component() {
  return <UserCreateView />;
}
