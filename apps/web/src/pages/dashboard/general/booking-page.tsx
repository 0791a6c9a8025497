import { LocaleArea } from '../../../locales/locale-area';
import { BookingDashboardView } from '../../../sections/dashboards/booking-dashboard-view';

/** /dashboard/booking — people whose role grants dashboards:booking. */
export function Component() {
  return (
    <LocaleArea area="dashboards">
      <BookingDashboardView />
    </LocaleArea>
  );
}
