import { z } from 'zod';

/** numeric columns arrive as JSON numbers (or strings where precision matters). */
export const numeric = z.union([z.number(), z.string()]).transform(Number);

/** The `{ message }` the api's actions answer with, in Italian. */
export const messageSchema = z.object({ message: z.string() });

export const bookingMerchantKey = ['booking-merchant'] as const;

/** Operators and treatments: a change to an operator may change the treatments that name it. */
export const settingsKey = [...bookingMerchantKey, 'settings'] as const;

/** Reservations received and the agenda: every reservation action refreshes both. */
export const reservationsKey = [...bookingMerchantKey, 'reservations'] as const;

/** One reservation as api.merchant_reservations and api.merchant_agenda give it. */
export const merchantReservationSchema = z.object({
  id: z.string(),
  client_name: z.string(),
  client_code: z.string().nullable(),
  treatment_id: z.string().nullable(),
  treatment_name: z.string(),
  operator_id: z.string().nullable(),
  operator_name: z.string().nullable(),
  date: z.string(),
  time: z.string(),
  duration_minutes: numeric.nullable().optional(),
  status: z.string(),
  notes: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  created_at: z.string(),
  /** What the merchant may do with it now, decided by the database: confirm, modify, reject... */
  actions: z.array(z.string()),
});

export type MerchantReservation = z.infer<typeof merchantReservationSchema>;

export const reservationIdSchema = z.string().min(1);
