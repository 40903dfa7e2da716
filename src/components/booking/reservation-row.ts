import { z } from 'zod';
import type { Database } from '@/lib/database.types';

/** api.reservation_row as generated: a composite type, whose columns the catalogue types as nullable. */
type GeneratedReservationRow = Database['api']['CompositeTypes']['reservation_row'];

/** The columns a reservation may lack: a client code, a treatment or operator since deleted, a note. */
type EmptyColumn =
  'client_code' | 'treatment_id' | 'operator_id' | 'operator_name' | 'duration_minutes' | 'notes';

/**
 * One reservation as every api function gives it (app.reservation_rows, the same shape for the
 * customer and the salon), with `actions`: what the caller may do with it now, decided by the database.
 */
export type ReservationRow = {
  [Column in Exclude<keyof GeneratedReservationRow, EmptyColumn>]: NonNullable<
    GeneratedReservationRow[Column]
  >;
} & Pick<GeneratedReservationRow, EmptyColumn>;

/** The rows of a function returning setof api.reservation_row: the other columns are never null there. */
export function reservationRows(rows: GeneratedReservationRow[]): ReservationRow[] {
  return rows as ReservationRow[];
}

/**
 * The reservations inside a jsonb answer (the customer's sections, the salon's inbox pages), which
 * have no generated type: checked against ReservationRow, so a renamed column fails the type check.
 */
export const reservationRowSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  client_code: z.string().nullable(),
  treatment_id: z.string().nullable(),
  treatment_name: z.string(),
  operator_id: z.string().nullable(),
  operator_name: z.string().nullable(),
  date: z.string(),
  time: z.string(),
  duration_minutes: z.number().nullable(),
  status: z.string(),
  notes: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  actions: z.array(z.string()),
}) satisfies z.ZodType<ReservationRow>;
