import { CHAT_API, CHAT_EVENTS } from '@bo/contract/chat-constants';
import { MAIL_API, MAIL_EVENTS } from '@bo/contract/mail-constants';
import { REALTIME_RESYNC, subscribeRealtime } from '../../lib/realtime';
import { api } from '../../store/api';
import { store } from '../../store/store';

/**
 * The navigation's unread counts (mail inbox, chat), kept live: fetched again when the socket
 * says the person's mailbox or one of their conversations changed.
 */
const unreadApi = api.enhanceEndpoints({ addTagTypes: ['NavUnread'] }).injectEndpoints({
  endpoints: (build) => ({
    navMailUnread: build.query<number, void>({
      query: () => MAIL_API.labels,
      transformResponse: (answer: { labels: Array<{ id: string; unreadCount: number }> }) =>
        answer.labels.find((l) => l.id === 'inbox')?.unreadCount ?? 0,
      providesTags: ['NavUnread'],
    }),
    navChatUnread: build.query<number, void>({
      query: () => CHAT_API.unread,
      transformResponse: (answer: { unread: number }) => answer.unread,
      providesTags: ['NavUnread'],
    }),
  }),
});

export type NavUnread = { mail: number; chat: number };

/**
 * Subscribes to the counts the person may see and reports them whenever they change; returns the
 * way to stop. Loaded after the first paint by `useNavUnread` (unread-api.ts).
 */
export function watchNavUnread(
  allowed: { mail: boolean; chat: boolean },
  onCounts: (counts: NavUnread) => void,
): () => void {
  const subscriptions = [
    ...(allowed.mail ? [store.dispatch(unreadApi.endpoints.navMailUnread.initiate())] : []),
    ...(allowed.chat ? [store.dispatch(unreadApi.endpoints.navChatUnread.initiate())] : []),
  ];
  const selectMail = unreadApi.endpoints.navMailUnread.select();
  const selectChat = unreadApi.endpoints.navChatUnread.select();
  let last = '';
  const read = () => {
    const state = store.getState();
    const counts = {
      mail: allowed.mail ? (selectMail(state).data ?? 0) : 0,
      chat: allowed.chat ? (selectChat(state).data ?? 0) : 0,
    };
    const key = `${counts.mail}/${counts.chat}`;
    if (key === last) return;
    last = key;
    onCounts(counts);
  };
  read();
  const unsubscribeStore = store.subscribe(read);
  let timer: number | undefined;
  const unsubscribeRealtime = subscribeRealtime((event) => {
    const counts =
      event.type === MAIL_EVENTS.changed ||
      event.type === CHAT_EVENTS.message ||
      event.type === CHAT_EVENTS.seen ||
      event.type === CHAT_EVENTS.conversation ||
      event.type === REALTIME_RESYNC;
    if (!counts) return;
    window.clearTimeout(timer);
    timer = window.setTimeout(
      () => store.dispatch(unreadApi.util.invalidateTags(['NavUnread'])),
      400,
    );
  });
  return () => {
    window.clearTimeout(timer);
    unsubscribeRealtime();
    unsubscribeStore();
    subscriptions.forEach((s) => s.unsubscribe());
  };
}
