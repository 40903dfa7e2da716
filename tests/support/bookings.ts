import type { Salon } from './salons.ts';
import type { TestServer } from './test-server.ts';

/** What every booking rpc answers on success, besides its own keys. */
export interface Answer {
  id?: string;
  message: string;
}

/** One row of merchant_reservations, merchant_agenda and client_reservations. */
export interface ReservationRow {
  id: string;
  client_id: string;
  client_name: string;
  client_code: string;
  treatment_id: string | null;
  treatment_name: string;
  operator_id: string | null;
  operator_name: string;
  date: string;
  time: string;
  duration_minutes: number;
  status: string;
  notes: string;
  starts_at: string;
  ends_at: string;
  created_at: string;
  actions: string[];
}

/** Today in Europe/Rome, as the database sees it ('YYYY-MM-DD'). */
export async function romeToday(server: TestServer): Promise<string> {
  const { rows } = await server.server.context.db.query<{ today: string }>(
    `select to_char((now() at time zone 'Europe/Rome')::date, 'YYYY-MM-DD') as today`,
  );
  return rows[0]!.today;
}

/** A 'YYYY-MM-DD' date `days` after another. */
export function addDays(date: string, days: number): string {
  const moment = new Date(`${date}T12:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

/**
 * Inserts a reservation directly (service-level SQL) so a test controls its instant and status.
 * `startsAt` is an SQL expression of type timestamptz, e.g. `now() - interval '61 minutes'`.
 */
export async function insertReservation(
  server: TestServer,
  salon: Salon,
  options: {
    startsAt: string;
    minutes?: number;
    status?: string;
    operatorId?: string | null;
    clientId?: string;
  },
): Promise<string> {
  const { rows } = await server.server.context.db.query<{ id: string }>(
    `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
       starts_at, ends_at, status)
     select $1, $2, $3, 'Piega', $4, s, s + make_interval(mins => $5), $6
       from (select ${options.startsAt} as s) as start
     returning id`,
    [
      salon.merchant.id,
      options.clientId ?? salon.member.client_id,
      salon.piega,
      options.operatorId === undefined ? salon.anna : options.operatorId,
      options.minutes ?? 60,
      options.status ?? 'in attesa',
    ],
  );
  return rows[0]!.id;
}

/** The instant of a Rome wall-clock date and time, as SQL. */
export const romeInstant = (date: string, time: string) =>
  `(timestamp '${date} ${time}' at time zone 'Europe/Rome')`;
