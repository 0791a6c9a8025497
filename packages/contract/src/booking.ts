import { z } from 'zod';
import { isoDay } from './common';
import { apiPath } from './api-path';

/**
 * Booking: properties and their rooms, stays going pending → confirmed → checked in → checked
 * out (or cancelled before the guest arrives), and guests' reviews to accept or reject.
 */
export const BOOKING_API = {
  bookings: '/api/booking/bookings',
  booking: apiPath('/api/booking/bookings/:id'),
  review: apiPath('/api/booking/reviews/:id'),
} as const;

export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'checked_in',
  'checked_out',
  'cancelled',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The moves a booking may make from each status. */
export const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['checked_in', 'cancelled'],
  checked_in: ['checked_out'],
  checked_out: [],
  cancelled: [],
};

export const REVIEW_STATUSES = ['pending', 'accepted', 'rejected'] as const;

export const bookingSchema = z.object({
  id: z.uuid(),
  guestName: z.string(),
  guestEmail: z.string(),
  guests: z.number().int(),
  propertyName: z.string(),
  city: z.string(),
  roomName: z.string(),
  roomKind: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  /** Cents. */
  total: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;
export const bookingAnswerSchema = z.object({ booking: bookingSchema });

export const bookingPatchSchema = z.object({ status: z.enum(BOOKING_STATUSES) });

export const bookingReviewSchema = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  guestName: z.string(),
  propertyName: z.string(),
  rating: z.number().int(),
  text: z.string(),
  status: z.enum(REVIEW_STATUSES),
  createdAt: z.string(),
});
export const bookingReviewAnswerSchema = z.object({ review: bookingReviewSchema });
export const reviewPatchSchema = z.object({ status: z.enum(['accepted', 'rejected']) });

export const BOOKINGS_PAGE = 25;
/** The list behind the booking dashboard's figures: made in [from, to], of these statuses. */
export const bookingListQuerySchema = z.object({
  /** One status or several, comma-separated (`confirmed,checked_in,checked_out` = sold). */
  status: z
    .string()
    .max(100)
    .refine(
      (v) => v.split(',').every((s) => (BOOKING_STATUSES as readonly string[]).includes(s)),
      'Statuses among pending, confirmed, checked_in, checked_out, cancelled',
    )
    .optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(BOOKINGS_PAGE),
});
export type BookingListQuery = z.input<typeof bookingListQuerySchema>;
export const bookingListAnswerSchema = z.object({
  bookings: z.array(bookingSchema),
  nextCursor: z.string().nullable(),
});
