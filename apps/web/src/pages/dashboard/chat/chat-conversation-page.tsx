import { useParams } from 'react-router';

import { LocaleArea } from '../../../locales/locale-area';
import { ChatView } from '../../../sections/chat/chat-view';

/** /dashboard/chat/{conversationKey} — a conversation by id, or one's conversation with a username. */
export function Component() {
  const conversationKey = useParams().conversationKey ?? '';
  return (
    <LocaleArea area="chat">
      <ChatView conversationKey={conversationKey} />
    </LocaleArea>
  );
}
