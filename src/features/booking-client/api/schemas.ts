import { z } from 'zod';

export { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';

/** numeric columns arrive as JSON numbers (or strings where precision matters). */
export const numeric = z.union([z.number(), z.string()]).transform(Number);

/** One reservation as api.client_reservations gives it. */
export const reservationSchema = z.object({
  id: z.string(),
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
  /** What the customer may do with it now, decided by the database: accept, decline, delete... */
  actions: z.array(z.string()),
});

export type Reservation = z.infer<typeof reservationSchema>;

/** The root of every key of the customer's booking at one salon: invalidating it refreshes the screen. */

/** The `{ message }` the api's actions answer with. */
export const messageSchema = z.object({ message: z.string() });
