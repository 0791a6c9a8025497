import { RoleBasedGuard } from '../../auth/role-based-guard';
import { LocaleArea } from '../../locales/locale-area';
import { FileManagerView } from '../../sections/file-manager/file-manager-view';

/** /dashboard/files-manager — people whose role grants files:read. */
export function Component() {
  return (
    <RoleBasedGuard permissions={['files:read']}>
      <LocaleArea area="files">
        <FileManagerView />
      </LocaleArea>
    </RoleBasedGuard>
  );
}
