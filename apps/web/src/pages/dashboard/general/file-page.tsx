import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { LocaleArea } from '../../../locales/locale-area';
import { FileDashboardView } from '../../../sections/dashboards/file-dashboard-view';

/** /dashboard/file — people whose role grants files:read. */
export function Component() {
  return (
    <RoleBasedGuard permissions={['files:read']}>
      {/* The upload queue speaks the file manager's words. */}
      <LocaleArea area="files">
        <LocaleArea area="dashboards">
          <FileDashboardView />
        </LocaleArea>
      </LocaleArea>
    </RoleBasedGuard>
  );
}
