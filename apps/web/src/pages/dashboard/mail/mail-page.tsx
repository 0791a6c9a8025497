import { LocaleArea } from '../../../locales/locale-area';
import { MailView } from '../../../sections/mail/mail-view';

/** /dashboard/mail — the person's mailbox, inbox first (`?systemLabel=`, `?customLabel=`, `?mailId=`). */
export function Component() {
  return (
    <LocaleArea area="mail">
      <MailView />
    </LocaleArea>
  );
}
