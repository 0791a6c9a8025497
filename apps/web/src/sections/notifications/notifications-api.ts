import {
  NOTIFICATIONS_API,
  NOTIFICATION_EVENTS,
  SEARCH_API,
  type Notification,
  type NotificationListAnswer,
  type NotificationPatch,
  type NotificationTab,
  type SearchResult,
} from '@bo/contract/notifications';
import { useEffect } from 'react';

import { REALTIME_RESYNC, subscribeRealtime } from '../../lib/realtime';
import { api } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';

type ListArgs = { tab: NotificationTab; cursor?: string; limit?: number };

/**
 * The person's notifications (the bell, its popover and the full page) and the header's search
 * over records. Every list is tagged `Notification`: a push from the socket, or a change made
 * here, refetches what is on screen.
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<NotificationListAnswer, ListArgs>({
      query: ({ tab, cursor, limit }) => ({
        url: NOTIFICATIONS_API.list,
        query: { tab, cursor, limit },
      }),
      providesTags: ['Notification'],
    }),
    patchNotification: build.mutation<
      { notification: Notification },
      { id: string } & NotificationPatch
    >({
      query: ({ id, ...body }) => ({ url: NOTIFICATIONS_API.one(id), method: 'PATCH', body }),
      invalidatesTags: ['Notification'],
    }),
    readAllNotifications: build.mutation<{ updated: number }, void>({
      query: () => ({ url: NOTIFICATIONS_API.readAll, method: 'POST' }),
      invalidatesTags: ['Notification'],
    }),
    searchRecords: build.query<SearchResult[], string>({
      query: (q) => ({ url: SEARCH_API.search, query: { q } }),
      transformResponse: (answer: { results: SearchResult[] }) => answer.results,
      keepUnusedDataFor: 30,
    }),
  }),
});

export const {
  useNotificationsQuery,
  usePatchNotificationMutation,
  useReadAllNotificationsMutation,
  useSearchRecordsQuery,
} = notificationsApi;

/** Refetches the notifications on screen when the socket says one arrived or changed. */
export function useLiveNotifications() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = subscribeRealtime((event) => {
      if (
        event.type !== NOTIFICATION_EVENTS.created &&
        event.type !== NOTIFICATION_EVENTS.changed &&
        event.type !== REALTIME_RESYNC
      )
        return;
      window.clearTimeout(timer);
      timer = window.setTimeout(
        () => dispatch(notificationsApi.util.invalidateTags(['Notification'])),
        250,
      );
    });
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [dispatch]);
}
