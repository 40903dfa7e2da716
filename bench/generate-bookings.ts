// Reservations for the bench's big salon: four operators, three treatments and 10,000 reservations of an
// hour over the past eleven months and the next 30 days, in every state, never two confirmed ones of an
// operator at once. Deterministic: the slots and states follow from the row numbers.
import type { Database } from '../server/db/port.ts';

export interface GeneratedBookings {
  reservations: number;
  pending: number;
  seconds: number;
}

export async function generateBookingData(
  db: Database,
  merchantId: string,
  count = 10_000,
): Promise<GeneratedBookings> {
  const started = performance.now();
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into app.operators (merchant_id, name)
       select $1, name from unnest(array['Giulia', 'Marta', 'Sara', 'Elena']) as name`,
      [merchantId],
    );
    await tx.query(
      `insert into app.treatments (merchant_id, name, description, duration_minutes, price)
       values ($1, 'Pulizia viso', 'Pulizia profonda del viso', 60, 55),
              ($1, 'Manicure', 'Manicure con smalto semipermanente', 60, 30),
              ($1, 'Massaggio', 'Massaggio rilassante', 60, 60)`,
      [merchantId],
    );
    // The state machine and the notifications are about people's actions, not a bulk load (the operator's
    // busy span, which a trigger writes, is written here).
    await tx.query('alter table app.reservations disable trigger user');
    await tx.query(
      `with operators as (
         select o.id, o.name, row_number() over (order by o.name) - 1 as n
           from app.operators o where o.merchant_id = $1
       ),
       treatments as (
         select t.id, t.name, row_number() over (order by t.name) - 1 as n
           from app.treatments t where t.merchant_id = $1
       ),
       clients as (select array_agg(c.id order by c.code) as ids from app.clients c where c.merchant_id = $1),
       slots as (
         select (((now() at time zone 'Europe/Rome')::date + day) + make_time(9 + hour, 0, 0))
                  at time zone 'Europe/Rome' as starts_at,
                operator_n, row_number() over (order by day desc, hour, operator_n) as n
           from generate_series(-330, 29) as day, generate_series(0, 7) as hour, generate_series(0, 3) as operator_n
       )
       insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
                                     operator_name, starts_at, ends_at, operator_busy, status, created_at, updated_at)
       select $1, cl.ids[1 + (s.n * 7919) % array_length(cl.ids, 1)], t.id, t.name, o.id, o.name,
              s.starts_at, s.starts_at + interval '1 hour',
              app_private.busy_span(s.starts_at, s.starts_at + interval '1 hour', 0, null, null),
              case
                when s.starts_at > now() then
                  case when s.n % 10 = 0 then 'in attesa' when s.n % 20 = 1 then 'annullata' else 'confermata' end
                else
                  case when s.n % 10 = 0 then 'rifiutata' when s.n % 20 = 1 then 'annullata'
                       when s.n % 20 = 3 then 'in attesa' else 'confermata' end
              end,
              s.starts_at - interval '3 days', s.starts_at - interval '2 days'
         from slots s
         join operators o on o.n = s.operator_n
         join treatments t on t.n = s.n % 3
        cross join clients cl
        where s.n % 8 <> 7 -- some slots stay free
        order by s.n
        limit $2`,
      [merchantId, count],
    );
    await tx.query('alter table app.reservations enable trigger user');
  });
  await db.exec('analyze app.reservations');
  const { rows } = await db.query<{ total: string; pending: string }>(
    `select count(*) as total, count(*) filter (where status = 'in attesa' and starts_at > now()) as pending
       from app.reservations where merchant_id = $1`,
    [merchantId],
  );
  return {
    reservations: Number(rows[0]!.total),
    pending: Number(rows[0]!.pending),
    seconds: (performance.now() - started) / 1000,
  };
}
