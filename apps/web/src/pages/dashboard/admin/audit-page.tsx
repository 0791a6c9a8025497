import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { AuditView } from '../../../sections/admin/audit-view';

/** /dashboard/admin/audit — needs `audit:read` (administrators); others get permission-denied. */
export function Component() {
  return (
    <RoleBasedGuard permissions={['audit:read']}>
      <AuditView />
    </RoleBasedGuard>
  );
}
