import { CHAT_API, CHAT_EVENTS } from '@bo/contract/chat';
import { MAIL_API, MAIL_EVENTS } from '@bo/contract/mail';
import { useEffect } from 'react';

import { useHasAccess } from '../../auth/role-based-guard';
import { REALTIME_RESYNC, subscribeRealtime } from '../../lib/realtime';
import { api } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';

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

export function useNavUnread(): { mail: number; chat: number } {
  const dispatch = useAppDispatch();
  const mailAllowed = useHasAccess(undefined, ['mail:read']);
  const chatAllowed = useHasAccess(undefined, ['chat:read']);
  const mail = unreadApi.useNavMailUnreadQuery(undefined, { skip: !mailAllowed });
  const chat = unreadApi.useNavChatUnreadQuery(undefined, { skip: !chatAllowed });
  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = subscribeRealtime((event) => {
      const counts =
        event.type === MAIL_EVENTS.changed ||
        event.type === CHAT_EVENTS.message ||
        event.type === CHAT_EVENTS.seen ||
        event.type === CHAT_EVENTS.conversation ||
        event.type === REALTIME_RESYNC;
      if (!counts) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => dispatch(unreadApi.util.invalidateTags(['NavUnread'])), 400);
    });
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [dispatch]);
  return { mail: mail.data ?? 0, chat: chat.data ?? 0 };
}
