import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { LocaleArea } from '../../../locales/locale-area';
import { BookingDashboardView } from '../../../sections/dashboards/booking-dashboard-view';

/** /dashboard/booking — people whose role grants dashboards:booking. */
export function Component() {
  return (
    <RoleBasedGuard permissions={['dashboards:booking']}>
      <LocaleArea area="dashboards">
        <BookingDashboardView />
      </LocaleArea>
    </RoleBasedGuard>
  );
}
