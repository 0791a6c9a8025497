import { LocaleArea } from '../../../locales/locale-area';
import { BookingListView } from '../../../sections/dashboards/booking-list-view';

/** /dashboard/booking/list — the bookings, for people whose role grants dashboards:booking. */
export function Component() {
  return (
    <LocaleArea area="dashboards">
      <BookingListView />
    </LocaleArea>
  );
}
