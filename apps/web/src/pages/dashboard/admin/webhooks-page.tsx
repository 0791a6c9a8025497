import { LocaleArea } from '../../../locales/locale-area';
import { WebhooksView } from '../../../sections/webhooks/webhooks-view';

/** /dashboard/admin/webhooks — needs `webhooks:manage` (administrators); others get permission-denied. */
export function Component() {
  return (
    <LocaleArea area="webhooks">
      <WebhooksView />
    </LocaleArea>
  );
}
