import { LocaleArea } from '../../../locales/locale-area';
import { MailView } from '../../../sections/mail/mail-view';

/** /dashboard/mail/all — every message outside the trash and spam. */
export function Component() {
  return (
    <LocaleArea area="mail">
      <MailView defaultLabel="all" />
    </LocaleArea>
  );
}
