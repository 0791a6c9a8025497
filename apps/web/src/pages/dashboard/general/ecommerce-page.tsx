import { LocaleArea } from '../../../locales/locale-area';
import { EcommerceDashboardView } from '../../../sections/dashboards/ecommerce-dashboard-view';

/** /dashboard/ecommerce — people whose role grants dashboards:ecommerce. */
export function Component() {
  return (
    <LocaleArea area="dashboards">
      <EcommerceDashboardView />
    </LocaleArea>
  );
}
