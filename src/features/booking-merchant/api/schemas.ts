import * as z from 'zod/mini';

export const bookingMerchantKey = ['booking-merchant'] as const;

/** Operators and treatments: a change to an operator may change the treatments that name it. */
export const settingsKey = [...bookingMerchantKey, 'settings'] as const;

/** Reservations received and the agenda: every reservation action refreshes both. */
export const reservationsKey = [...bookingMerchantKey, 'reservations'] as const;

export const reservationIdSchema = z.string().check(z.minLength(1));
