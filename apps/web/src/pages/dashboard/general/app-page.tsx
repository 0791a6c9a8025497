import { LocaleArea } from '../../../locales/locale-area';
import { AppDashboardView } from '../../../sections/dashboards/app-dashboard-view';

/** /dashboard/app — people whose role grants dashboards:app. */
export function Component() {
  return (
    <LocaleArea area="dashboards">
      <AppDashboardView />
    </LocaleArea>
  );
}
