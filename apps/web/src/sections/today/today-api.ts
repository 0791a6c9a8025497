import { CALENDAR_EVENTS } from '@bo/contract/calendar';
import { CHAT_EVENTS } from '@bo/contract/chat-constants';
import { KANBAN_EVENTS } from '@bo/contract/kanban';
import { MAIL_EVENTS } from '@bo/contract/mail-constants';
import { NOTIFICATION_EVENTS } from '@bo/contract/notifications';
import { TODAY_API, type TodayAnswer, type TodayQuery } from '@bo/contract/today';
import { useEffect } from 'react';

import { REALTIME_RESYNC, subscribeRealtime } from '../../lib/realtime';
import { api } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';

/**
 * The "Today" home's one call. Tagged `Today` and `Notification`: the socket's news of the
 * person's mail, chat, board, calendar or notifications refetches it, and so does reading a
 * notification from the bell.
 */
const todayApi = api.enhanceEndpoints({ addTagTypes: ['Today'] }).injectEndpoints({
  endpoints: (build) => ({
    today: build.query<TodayAnswer, TodayQuery>({
      query: ({ from, to }) => ({ url: TODAY_API.today, query: { from, to } }),
      providesTags: ['Today', 'Notification'],
    }),
  }),
});

export const { useTodayQuery } = todayApi;

/** What the home shows a summary of: a change of any of these refreshes it. */
const LIVE_EVENTS = new Set<string>([
  MAIL_EVENTS.changed,
  CHAT_EVENTS.message,
  CHAT_EVENTS.seen,
  CHAT_EVENTS.conversation,
  KANBAN_EVENTS.changed,
  KANBAN_EVENTS.cardMoved,
  CALENDAR_EVENTS.created,
  CALENDAR_EVENTS.updated,
  CALENDAR_EVENTS.deleted,
  NOTIFICATION_EVENTS.created,
  NOTIFICATION_EVENTS.changed,
  REALTIME_RESYNC,
]);

/** Keeps the home live while it is open; a burst of events costs one refetch. */
export function useLiveToday() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = subscribeRealtime((event) => {
      if (!LIVE_EVENTS.has(event.type)) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => dispatch(todayApi.util.invalidateTags(['Today'])), 400);
    });
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [dispatch]);
}
