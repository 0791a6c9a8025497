import { AuditView } from '../../../sections/admin/audit-view';

/** /dashboard/admin/audit — needs `audit:read` (administrators); others get permission-denied. */
export function Component() {
  return <AuditView />;
}
