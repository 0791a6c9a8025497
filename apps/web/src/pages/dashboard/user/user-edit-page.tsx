import { useParams } from 'react-router';

import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { UserEditView } from '../../../sections/user/user-create-edit-view';

/** /dashboard/user/{name}/edit — `name` is the person's slug; administrators only. */
export function Component() {
  const name = useParams().name ?? '';
  return (
    <RoleBasedGuard permissions={['users:write']}>
      <UserEditView key={name} name={name} />
    </RoleBasedGuard>
  );
}
