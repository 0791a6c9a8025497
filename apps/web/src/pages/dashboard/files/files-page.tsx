import { LocaleArea } from '../../../locales/locale-area';
import { FileManagerView } from '../../../sections/files/file-manager-view';

/** /dashboard/files-manager — people whose role grants files:read. */
export function Component() {
  return (
    <LocaleArea area="files">
      <FileManagerView />
    </LocaleArea>
  );
}
