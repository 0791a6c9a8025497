import { AuditView } from '../../../sections/admin/audit-view';

/** /dashboard/admin/outbox — the audit screen's mail outbox tab; needs `audit:read`. */
export function Component() {
  return <AuditView />;
}
