import { LocaleArea } from '../../../locales/locale-area';
import { ChatView } from '../../../sections/chat/chat-view';

/** /dashboard/chat/new — choose one or several people, then write. */
export function Component() {
  return (
    <LocaleArea area="chat">
      <ChatView isNew />
    </LocaleArea>
  );
}
