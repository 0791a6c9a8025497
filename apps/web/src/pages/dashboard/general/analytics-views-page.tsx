import { LocaleArea } from '../../../locales/locale-area';
import { PageViewsView } from '../../../sections/dashboards/page-views-view';

/** /dashboard/analytics/views — the recorded views, for roles granting dashboards:analytics. */
export function Component() {
  return (
    <LocaleArea area="dashboards">
      <PageViewsView />
    </LocaleArea>
  );
}
