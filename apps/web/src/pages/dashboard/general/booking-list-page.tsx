import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { LocaleArea } from '../../../locales/locale-area';
import { BookingListView } from '../../../sections/dashboards/booking-list-view';

/** /dashboard/booking/list — the bookings, for people whose role grants dashboards:booking. */
export function Component() {
  return (
    <RoleBasedGuard permissions={['dashboards:booking']}>
      <LocaleArea area="dashboards">
        <BookingListView />
      </LocaleArea>
    </RoleBasedGuard>
  );
}
