import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { LocaleArea } from '../../../locales/locale-area';
import { PageViewsView } from '../../../sections/dashboards/page-views-view';

/** /dashboard/analytics/views — the recorded views, for roles granting dashboards:analytics. */
export function Component() {
  return (
    <RoleBasedGuard permissions={['dashboards:analytics']}>
      <LocaleArea area="dashboards">
        <PageViewsView />
      </LocaleArea>
    </RoleBasedGuard>
  );
}
