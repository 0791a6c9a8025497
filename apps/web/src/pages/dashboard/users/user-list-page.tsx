import { UserListView } from '../../../sections/users/user-list-view';

/** /dashboard/user/list */
export function Component() {
  return <UserListView />;
}
