import { LocaleArea } from '../../../locales/locale-area';
import { ChatView } from '../../../sections/chat/chat-view';

/** /dashboard/chat — conversations and people to talk to. */
export function Component() {
  return (
    <LocaleArea area="chat">
      <ChatView />
    </LocaleArea>
  );
}
