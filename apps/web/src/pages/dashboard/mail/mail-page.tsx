import { RoleBasedGuard } from '../../../auth/role-based-guard';
import { LocaleArea } from '../../../locales/locale-area';
import { MailView } from '../../../sections/mail/mail-view';

/** /dashboard/mail — the person's mailbox, inbox first (`?systemLabel=`, `?customLabel=`, `?mailId=`). */
export function Component() {
  return (
    <RoleBasedGuard permissions={['mail:read']}>
      <LocaleArea area="mail">
        <MailView />
      </LocaleArea>
    </RoleBasedGuard>
  );
}
