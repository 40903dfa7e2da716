// A busy salon's booking: 8 operators, 4 resources (cabins and equipment) and 40 treatments, some with
// a pause after them, a processing time or a resource, and a month of confirmed appointments. Free times
// over the 30-day window beside a single treatment's day and beside the floor (the same SQL called
// directly as the client), a 3-treatment visit's over the window beside its floor, and 100 confirms at
// once: how long each waits, and that none overlaps.
import type { Database } from '../server/db/port.ts';
import { addDays, createAdmin, openSalon, romeToday, type Salon } from '../tests/support/fixtures.ts';
import { startTestServer, type TestServer } from '../tests/support/test-server.ts';
import { sideBySide } from './measure.ts';

const rounds = 20;

async function furnish(db: Database, salon: Salon) {
  const merchant = salon.merchant.id;
  await db.query(
    `insert into app.operators (merchant_id, name)
     select $1, 'Operatrice ' || n from generate_series(3, 8) as n`,
    [merchant],
  );
  await db.query(
    `insert into app.resources (merchant_id, name)
     select $1, name from unnest(array['Cabina 1', 'Cabina 2', 'Laser', 'Poltrona pedicure']) as name`,
    [merchant],
  );
  // 38 more treatments: every third with a pause, every fifth with a processing time, every fourth a resource.
  await db.query(
    `insert into app.treatments (merchant_id, name, description, duration_minutes, price, buffer_minutes,
                                 processing_offset_minutes, processing_minutes)
     select $1, 'Trattamento ' || n, 'In salone', 30 + (n % 4) * 15, 20 + n,
            case when n % 3 = 0 then 15 else 0 end,
            case when n % 5 = 0 and 30 + (n % 4) * 15 >= 60 then 15 end,
            case when n % 5 = 0 and 30 + (n % 4) * 15 >= 60 then 20 end
       from generate_series(3, 40) as n`,
    [merchant],
  );
  await db.query(
    `insert into app.treatment_resources (merchant_id, treatment_id, resource_id)
     select $1, t.id, r.ids[1 + (substring(t.name from 13)::integer / 4) % 4]
       from app.treatments t,
            (select array_agg(id order by name) as ids from app.resources where merchant_id = $1) r
      where t.merchant_id = $1 and t.name like 'Trattamento %' and substring(t.name from 13)::integer % 4 = 0`,
    [merchant],
  );
  // A month of appointments: each operator busy two hours in four, Piega (no resource).
  await db.query(
    `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
                                   starts_at, ends_at, status)
     select $1, $2, $3, 'Piega', o.id, s, s + interval '1 hour', 'confermata'
       from (select id, row_number() over (order by name) as n from app.operators where merchant_id = $1) o,
            generate_series(1, 29) as day,
            generate_series(0, 8, 4) as hour,
            lateral (select ((app_private.rome_today() + day) + make_time(9 + hour + (o.n % 2)::int, 0, 0))
                              at time zone 'Europe/Rome' as s) as start`,
    [merchant, salon.member.client_id, salon.piega],
  );
}

async function benchOn(kind: 'pglite' | 'postgres') {
  process.env.TEST_DB = kind;
  const server: TestServer = await startTestServer();
  try {
    const db = server.server.context.db;
    const salon = await openSalon(server, await createAdmin(server), 'Salone Grande');
    await furnish(db, salon);
    const today = await romeToday(server);
    const needy = (
      await db.query<{ id: string }>(
        `select t.id from app.treatments t join app.treatment_resources tr on tr.treatment_id = t.id
          where t.merchant_id = $1 and t.buffer_minutes > 0 order by t.name limit 1`,
        [salon.merchant.id],
      )
    ).rows[0]!.id;
    const slug = salon.merchant.slug;
    const claims = JSON.stringify({ sub: salon.member.user_id, role: 'authenticated' });
    const overHttp = async (treatment: string, date: string) => {
      const { error } = await salon.client.client.rpc('free_times', {
        merchant_slug: slug,
        treatment_id: treatment,
        date,
      });
      if (error) throw new Error(error.message);
    };
    const direct = (treatment: string, date: string) =>
      db.transaction(async (tx) => {
        await tx.query(
          "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
          [claims],
        );
        return tx.query('select api.free_times($1, $2, null, $3::date)', [slug, treatment, date]);
      });
    // A visit of three treatments that each need a resource, the first with a pause, any operator.
    const visit = JSON.stringify(
      (
        await db.query<{ id: string }>(
          `select t.id from app.treatments t join app.treatment_resources tr on tr.treatment_id = t.id
            where t.merchant_id = $1 order by t.buffer_minutes desc, t.name limit 3`,
          [salon.merchant.id],
        )
      ).rows.map((row) => ({ treatment_id: row.id, operator_id: null })),
    );
    const visitOverHttp = async (date: string) => {
      const { error } = await salon.client.client.rpc('visit_free_times', {
        merchant_slug: slug,
        parts: JSON.parse(visit) as unknown,
        date,
      });
      if (error) throw new Error(error.message);
    };
    const visitDirect = (date: string) =>
      db.transaction(async (tx) => {
        await tx.query(
          "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
          [claims],
        );
        return tx.query('select api.visit_free_times($1, $2::jsonb, $3::date)', [slug, visit, date]);
      });
    const days = Array.from({ length: 30 }, (_, index) => addDays(today, index));
    const tomorrow = days[1]!;
    const figures = await sideBySide(
      {
        'free_times, Piega, one day (HTTP)': () => overHttp(salon.piega, tomorrow),
        'free_times, pause + resource, one day (HTTP)': () => overHttp(needy, tomorrow),
        'free_times, pause + resource, 30 days (HTTP)': async () => {
          for (const day of days) await overHttp(needy, day);
        },
        'free_times, pause + resource, 30 days (floor)': async () => {
          for (const day of days) await direct(needy, day);
        },
        'visit_free_times, 3 treatments with resources, 30 days (HTTP)': async () => {
          for (const day of days) await visitOverHttp(day);
        },
        'visit_free_times, 3 treatments with resources, 30 days (floor)': async () => {
          for (const day of days) await visitDirect(day);
        },
      },
      rounds,
    );

    // 100 requests for the resource treatment, overlapping, confirmed at once.
    const operators = (
      await db.query<{ id: string }>('select id from app.operators where merchant_id = $1 order by name', [
        salon.merchant.id,
      ])
    ).rows.map((row) => row.id);
    const day = days[20]!;
    const ids: string[] = [];
    for (let index = 0; index < 100; index += 1) {
      const { rows } = await db.query<{ id: string }>(
        `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
           starts_at, ends_at)
         select $1, $2, t.id, t.name, $3, s, s + make_interval(mins => t.duration_minutes)
           from app.treatments t,
                (select (($4::date) + make_time(19, 0, 0) - make_interval(mins => $5)) at time zone 'Europe/Rome'
                   as s) as start
          where t.id = $6
         returning id`,
        [salon.merchant.id, salon.member.client_id, operators[index % 8], day, (index % 12) * 15, needy],
      );
      ids.push(rows[0]!.id);
    }
    const waits: number[] = [];
    const answers = await Promise.all(
      ids.map(async (id) => {
        const begin = performance.now();
        const answer = await salon.owner.client.rpc('confirm_reservation', { reservation_id: id });
        waits.push(performance.now() - begin);
        return answer;
      }),
    );
    const overlaps = await db.query<{ n: string }>(
      `select (select count(*) from app.resource_bookings a join app.resource_bookings b
                  on a.resource_id = b.resource_id and a.reservation_id < b.reservation_id
                 where a.busy && b.busy)
            + (select count(*) from app.reservations a join app.reservations b
                  on a.operator_id = b.operator_id and a.id < b.id
                 where a.status = 'confermata' and b.status = 'confermata'
                   and a.operator_busy && b.operator_busy) as n`,
    );
    waits.sort((a, b) => a - b);
    return {
      freeTimes: Object.entries(figures).map(([path, latency]) => ({ database: kind, path, ...latency })),
      confirms: {
        database: kind,
        confirmed: answers.filter((answer) => answer.error === null).length,
        refused: answers.filter((answer) => answer.error !== null && answer.status < 500).length,
        'server errors': answers.filter((answer) => answer.status >= 500).length,
        overlaps: Number(overlaps.rows[0]!.n),
        'p50 ms': Math.round(waits[49]!),
        'max ms': Math.round(waits[99]!),
      },
    };
  } finally {
    await server.stop();
  }
}

export async function benchBusySalon(databases: ('pglite' | 'postgres')[]) {
  const results = [];
  for (const kind of databases) results.push(await benchOn(kind));
  return {
    freeTimes: results.flatMap((result) => result.freeTimes),
    confirms: results.map((result) => result.confirms),
  };
}
