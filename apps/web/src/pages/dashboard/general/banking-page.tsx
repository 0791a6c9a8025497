import { LocaleArea } from '../../../locales/locale-area';
import { BankingDashboardView } from '../../../sections/dashboards/banking-dashboard-view';

/** /dashboard/banking — people whose role grants dashboards:banking. */
export function Component() {
  return (
    <LocaleArea area="dashboards">
      <BankingDashboardView />
    </LocaleArea>
  );
}
