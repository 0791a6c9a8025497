import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { LocaleArea } from '../../../locales/locale-area';
import { EcommerceDashboardView } from '../../../sections/dashboards/ecommerce-dashboard-view';

/** /dashboard/ecommerce — people whose role grants dashboards:ecommerce. */
export function Component() {
  return (
    <RoleBasedGuard permissions={['dashboards:ecommerce']}>
      <LocaleArea area="dashboards">
        <EcommerceDashboardView />
      </LocaleArea>
    </RoleBasedGuard>
  );
}
