import type { Booking, BookingListQuery, BookingStatus } from '@bo/contract/booking';
import { BOOKING_API } from '@bo/contract/booking';

import { queryOf } from '../../lib/http';
import { api } from '../../store/api';
import { DASHBOARD_TAG } from './dashboards-api';

const bookingApi = api
  .enhanceEndpoints({ addTagTypes: ['Booking', DASHBOARD_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      bookings: build.query<{ bookings: Booking[]; nextCursor: string | null }, BookingListQuery>({
        query: (q) => ({ url: BOOKING_API.bookings, query: queryOf(q) }),
        providesTags: ['Booking'],
      }),
      booking: build.query<Booking, string>({
        query: (id) => BOOKING_API.booking(id),
        transformResponse: (a: { booking: Booking }) => a.booking,
        providesTags: (_r, _e, id) => [{ type: 'Booking', id }],
      }),
      moveBooking: build.mutation<{ booking: Booking }, { id: string; status: BookingStatus }>({
        query: ({ id, status }) => ({
          url: BOOKING_API.booking(id),
          method: 'PATCH',
          body: { status },
        }),
        invalidatesTags: (_r, _e, { id }) => [
          'Booking',
          { type: 'Booking', id },
          { type: DASHBOARD_TAG, id: 'booking' },
        ],
      }),
      decideReview: build.mutation<unknown, { id: string; status: 'accepted' | 'rejected' }>({
        query: ({ id, status }) => ({
          url: BOOKING_API.review(id),
          method: 'PATCH',
          body: { status },
        }),
        invalidatesTags: [{ type: DASHBOARD_TAG, id: 'booking' }],
      }),
    }),
  });

export const {
  useBookingsQuery,
  useBookingQuery,
  useMoveBookingMutation,
  useDecideReviewMutation,
} = bookingApi;
