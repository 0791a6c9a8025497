import { LocaleArea } from '../../locales/locale-area';
import { TodayView } from '../../sections/today/today-view';

/** /dashboard/today — everyone's home after signing in: what waits for them today. */
export function Component() {
  return (
    <LocaleArea area="today">
      <TodayView />
    </LocaleArea>
  );
}
