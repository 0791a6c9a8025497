import { LocaleArea } from '../../../locales/locale-area';
import { AuditView } from '../../../sections/admin/audit-view';

/** /dashboard/admin/audit — needs `audit:read` (administrators); others get permission-denied. */
export function Component() {
  // The audit actions' words are a section of their own (not in every page's language chunk).
  return (
    <LocaleArea area="audit">
      <AuditView />
    </LocaleArea>
  );
}
