import * as z from 'zod/mini';
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
  client_code: z.nullable(z.string()),
  treatment_id: z.nullable(z.string()),
  treatment_name: z.string(),
  operator_id: z.nullable(z.string()),
  operator_name: z.nullable(z.string()),
  date: z.string(),
  time: z.string(),
  duration_minutes: z.nullable(z.number()),
  status: z.string(),
  notes: z.nullable(z.string()),
  starts_at: z.string(),
  ends_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  actions: z.array(z.string()),
}) satisfies z.ZodMiniType<ReservationRow>;
