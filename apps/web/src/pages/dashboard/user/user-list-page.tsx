import { UserListView } from '../../../sections/user/user-list-view';

/** /dashboard/user/list */
export function Component() {
  return <UserListView />;
}
