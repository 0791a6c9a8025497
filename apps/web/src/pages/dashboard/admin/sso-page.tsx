import { LocaleArea } from '../../../locales/locale-area';
import { SsoMappingsView } from '../../../sections/sso/sso-mappings-view';

/** /dashboard/admin/sso — needs `roles:manage`; others get permission-denied. */
export function Component() {
  return (
    <LocaleArea area="sso">
      <SsoMappingsView />
    </LocaleArea>
  );
}
