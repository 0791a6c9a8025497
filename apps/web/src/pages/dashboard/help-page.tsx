import { LocaleArea } from '../../locales/locale-area';
import { HelpView } from '../../sections/help/help-view';

/** /dashboard/help — the user guide: screens, keys and rights, for the signed-in person. */
export function Component() {
  return (
    <LocaleArea area="help">
      <LocaleArea area="roles">
        <LocaleArea area="mail">
          <HelpView />
        </LocaleArea>
      </LocaleArea>
    </LocaleArea>
  );
}
