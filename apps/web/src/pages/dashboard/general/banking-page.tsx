import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { LocaleArea } from '../../../locales/locale-area';
import { BankingDashboardView } from '../../../sections/dashboards/banking-dashboard-view';

/** /dashboard/banking — people whose role grants dashboards:banking. */
export function Component() {
  return (
    <RoleBasedGuard permissions={['dashboards:banking']}>
      <LocaleArea area="dashboards">
        <BankingDashboardView />
      </LocaleArea>
    </RoleBasedGuard>
  );
}
