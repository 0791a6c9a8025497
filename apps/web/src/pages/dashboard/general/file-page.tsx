import { LocaleArea } from '../../../locales/locale-area';
import { FileDashboardView } from '../../../sections/dashboards/file-dashboard-view';

/** /dashboard/file — people whose role grants files:read. */
export function Component() {
  // The upload queue speaks the file manager's words.
  return (
    <LocaleArea area="files">
      <LocaleArea area="dashboards">
        <FileDashboardView />
      </LocaleArea>
    </LocaleArea>
  );
}
