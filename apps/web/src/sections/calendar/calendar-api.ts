import { CALENDAR_API } from '@bo/contract/calendar';
import type {
  CalendarEvent,
  CalendarOwner,
  CalendarEventInput,
  CalendarEventPatch,
  CalendarEventsQuery,
  CalendarRespondBody,
} from '@bo/contract/calendar';
import { useEffect } from 'react';

import { REALTIME_RESYNC, subscribeRealtime } from '../../lib/realtime';
import { api } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';

const TAG = 'CalendarEvent' as const;

const calendarApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    calendarEvents: build.query<{ events: CalendarEvent[]; total: number }, CalendarEventsQuery>({
      query: ({ start, end }) => ({ url: CALENDAR_API.events, query: { start, end } }),
      providesTags: [TAG],
    }),
    calendarGuests: build.query<{ people: CalendarOwner[] }, { q: string }>({
      query: ({ q }) => ({ url: CALENDAR_API.guests, query: { q: q || undefined } }),
    }),
    createEvent: build.mutation<{ event: CalendarEvent }, CalendarEventInput>({
      query: (body) => ({ url: CALENDAR_API.create, method: 'POST', body }),
      invalidatesTags: [TAG],
    }),
    updateEvent: build.mutation<
      { event: CalendarEvent },
      { eventId: string; event: CalendarEventPatch }
    >({
      query: (body) => ({ url: CALENDAR_API.update, method: 'POST', body }),
      // A drag already shows the new place; patch every cached range now, refetch after.
      async onQueryStarted({ eventId, event }, { dispatch, getState, queryFulfilled }) {
        const patches = calendarApi.util
          .selectInvalidatedBy(getState(), [TAG])
          .filter((entry) => entry.endpointName === 'calendarEvents')
          .map((entry) =>
            dispatch(
              calendarApi.util.updateQueryData(
                'calendarEvents',
                entry.originalArgs as CalendarEventsQuery,
                (draft) => {
                  const found = draft.events.find((e) => e.id === eventId);
                  if (found) Object.assign(found, event);
                },
              ),
            ),
          );
        try {
          await queryFulfilled;
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
      invalidatesTags: [TAG],
    }),
    deleteEvent: build.mutation<{ eventId: string }, { eventId: string }>({
      query: (body) => ({ url: CALENDAR_API.remove, method: 'POST', body }),
      invalidatesTags: [TAG],
    }),
    /** A guest's answer to the invitation; answers the event with every guest's answer. */
    respondToEvent: build.mutation<{ event: CalendarEvent }, CalendarRespondBody>({
      query: (body) => ({ url: CALENDAR_API.respond, method: 'POST', body }),
      invalidatesTags: [TAG],
    }),
  }),
});

export const {
  useCalendarEventsQuery,
  useCalendarGuestsQuery,
  useCreateEventMutation,
  useUpdateEventMutation,
  useDeleteEventMutation,
  useRespondToEventMutation,
} = calendarApi;

/** Someone else changed the calendar (or the socket came back): refetch what is on screen. */
export function useCalendarLive(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = subscribeRealtime((event) => {
      if (!event.type.startsWith('calendar.') && event.type !== REALTIME_RESYNC) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => dispatch(calendarApi.util.invalidateTags([TAG])), 150);
    });
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [dispatch]);
}
