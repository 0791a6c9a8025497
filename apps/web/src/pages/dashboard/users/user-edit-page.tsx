import { useParams } from 'react-router';

import { UserEditView } from '../../../sections/users/user-create-edit-view';

/** /dashboard/user/{name}/edit — `name` is the person's slug; administrators only. */
export function Component() {
  const name = useParams().name ?? '';
  return <UserEditView key={name} name={name} />;
}
