import { CalendarView } from '../../sections/calendar/calendar-view';

/** /dashboard/calendar */
export function Component() {
  return <CalendarView />;
}
