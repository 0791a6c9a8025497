import { LocaleArea } from '../../../locales/locale-area';
import { RolesView } from '../../../sections/roles/roles-view';

/** /dashboard/admin/roles — needs `roles:manage`; others get permission-denied. */
export function Component() {
  return (
    <LocaleArea area="roles">
      <RolesView />
    </LocaleArea>
  );
}
