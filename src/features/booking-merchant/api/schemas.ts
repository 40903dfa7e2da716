import * as z from 'zod/mini';
import { maxLength } from '@/lib/input-limits';

export const bookingMerchantKey = ['booking-merchant'] as const;

/** Operators and treatments: a change to an operator may change the treatments that name it. */
export const settingsKey = [...bookingMerchantKey, 'settings'] as const;

/** Reservations received and the agenda: every reservation action refreshes both. */
export const reservationsKey = [...bookingMerchantKey, 'reservations'] as const;

export const reservationIdSchema = z.string().check(z.minLength(1));

/** Rejecting or cancelling a reservation: its id and the reason the customer reads in its notes. */
export const reservationReasonInputSchema = z.object({
  reservationId: reservationIdSchema,
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(maxLength.note)),
});

export type ReservationReasonInput = z.input<typeof reservationReasonInputSchema>;
