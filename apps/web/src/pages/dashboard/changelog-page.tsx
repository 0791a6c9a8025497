import { LocaleArea } from '../../locales/locale-area';
import { ChangelogView } from '../../sections/help/changelog-view';

/** /dashboard/help/changelog — what changed in the product, newest first. */
export function Component() {
  return (
    <LocaleArea area="help">
      <ChangelogView />
    </LocaleArea>
  );
}
