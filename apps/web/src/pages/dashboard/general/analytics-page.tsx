import { LocaleArea } from '../../../locales/locale-area';
import { AnalyticsDashboardView } from '../../../sections/dashboards/analytics-dashboard-view';

/** /dashboard/analytics — people whose role grants dashboards:analytics. */
export function Component() {
  return (
    <LocaleArea area="dashboards">
      <AnalyticsDashboardView />
    </LocaleArea>
  );
}
