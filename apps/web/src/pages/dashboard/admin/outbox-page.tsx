import { LocaleArea } from '../../../locales/locale-area';
import { AuditView } from '../../../sections/admin/audit-view';

/** /dashboard/admin/outbox — the audit screen's mail outbox tab; needs `audit:read`. */
export function Component() {
  // The audit actions' words are a section of their own (not in every page's language chunk).
  return (
    <LocaleArea area="audit">
      <AuditView />
    </LocaleArea>
  );
}
