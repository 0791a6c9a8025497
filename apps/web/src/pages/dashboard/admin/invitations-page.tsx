import { LocaleArea } from '../../../locales/locale-area';
import { InvitationsView } from '../../../sections/invitations/invitations-view';

/** /dashboard/admin/invitations — needs `invitations:manage` (administrators). */
export function Component() {
  return (
    <LocaleArea area="invitations">
      <InvitationsView />
    </LocaleArea>
  );
}
