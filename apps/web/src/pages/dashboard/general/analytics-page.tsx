import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { LocaleArea } from '../../../locales/locale-area';
import { AnalyticsDashboardView } from '../../../sections/dashboards/analytics-dashboard-view';

/** /dashboard/analytics — people whose role grants dashboards:analytics. */
export function Component() {
  return (
    <RoleBasedGuard permissions={['dashboards:analytics']}>
      <LocaleArea area="dashboards">
        <AnalyticsDashboardView />
      </LocaleArea>
    </RoleBasedGuard>
  );
}
