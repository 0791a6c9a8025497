import { z } from 'zod';

/**
 * Booking: properties and their rooms, stays going pending → confirmed → checked in → checked
 * out (or cancelled before the guest arrives), and guests' reviews to accept or reject.
 */
export const BOOKING_API = {
  booking: (id: string) => `/api/booking/bookings/${id}`,
  review: (id: string) => `/api/booking/reviews/${id}`,
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
