// The waitlist's matching when a slot frees: a salon with 60 waiting customers (3 entries each over the
// 30 days), the salon cancelling one confirmed appointment at a time. Beside it, its floor: the same
// api.merchant_cancel_reservation called directly as the merchant (one transaction, no HTTP), and the
// matching alone (app_private.tell_waitlist, rolled back). PGlite, and PostgreSQL with TEST_DATABASE_URL.
// `npx tsx bench/waitlist.ts`, or `npm run bench` with BENCH_ONLY=waitlist
import { createAdmin, openSalon, romeInstant, romeToday, type Salon } from '../tests/support/fixtures.ts';
import { joinAsClient } from '../tests/support/personas.ts';
import { startTestServer, type TestServer } from '../tests/support/test-server.ts';
import { sideBySide } from './measure.ts';

const waiting = 60;
const rounds = 100;

/** Every waiting customer's three entries: a treatment, days and a part of the day each. */
async function fillWaitlist(server: TestServer, salon: Salon, today: string) {
  const clients: string[] = [];
  for (let index = 0; index < waiting; index += 1)
    clients.push(
      (await joinAsClient(server, salon.merchant.slug, { name: `Attesa ${index}` })).joined.client_id,
    );
  await server.server.context.db.query(
    `insert into app.waitlist_entries (merchant_id, client_id, treatment_id, operator_id, from_day, to_day, period)
     select $1, c.id, case when (c.n + e) % 2 = 0 then $3::uuid else $4::uuid end,
            case when (c.n + e) % 3 = 0 then $5::uuid end,
            $2::date + ((c.n * 7 + e * 5) % 25)::integer, $2::date + ((c.n * 7 + e * 5) % 25)::integer + 4,
            (array['Mattina', 'Pomeriggio', 'Sera'])[1 + (c.n + e) % 3]
       from unnest($6::uuid[]) with ordinality as c(id, n), generate_series(0, 2) as e`,
    [salon.merchant.id, today, salon.piega, salon.ciglia, salon.anna, clients],
  );
}

/** Confirmed appointments of the salon's member, one an hour, Anna's and Bea's, from tomorrow on. */
async function confirmedAppointments(server: TestServer, salon: Salon, today: string, count: number) {
  const { rows } = await server.server.context.db.query<{ id: string }>(
    `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
       starts_at, ends_at, status)
     select $1, $2, $3, 'Piega', case when n % 2 = 0 then $4::uuid else $5::uuid end, s, s + interval '1 hour',
            'confermata'
       from generate_series(0, $6 - 1) as n,
            lateral (select ${romeInstant(today, '09:00')} + make_interval(days => 1 + (n / 2) / 10,
                                                                        hours => (n / 2) % 10) as s) as slot
     returning id`,
    [salon.merchant.id, salon.member.client_id, salon.piega, salon.anna, salon.bea, count],
  );
  return rows.map((row) => row.id);
}

async function benchOn(kind: 'pglite' | 'postgres') {
  process.env.TEST_DB = kind;
  const server = await startTestServer();
  try {
    const salon = await openSalon(server, await createAdmin(server), 'Salone Bench');
    const today = await romeToday(server);
    await fillWaitlist(server, salon, today);
    const appointments = await confirmedAppointments(server, salon, today, 2 * rounds + 10);
    const db = server.server.context.db;
    const claims = JSON.stringify({ sub: salon.owner.userId, role: 'authenticated' });
    const cancel = { http: 0, direct: 0 };
    const operations = {
      'merchant_cancel_reservation over HTTP': async () => {
        const { error } = await salon.owner.client.rpc('merchant_cancel_reservation', {
          reservation_id: appointments[2 * cancel.http++],
          reason: 'Imprevisto',
        });
        if (error) throw new Error(error.message);
      },
      'floor: the same, direct SQL as the merchant': () =>
        db.transaction(async (tx) => {
          await tx.query(
            "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
            [claims],
          );
          await tx.query("select api.merchant_cancel_reservation($1, 'Imprevisto')", [
            appointments[2 * cancel.direct++ + 1],
          ]);
        }),
    };
    const matching = async () => {
      try {
        await db.transaction(async (tx) => {
          await tx.query('select app_private.tell_waitlist(r) from app.reservations r where r.id = $1', [
            appointments.at(-1),
          ]);
          throw new Error('rollback');
        });
      } catch (error) {
        if ((error as Error).message !== 'rollback') throw error;
      }
    };
    const stats = await sideBySide(
      { ...operations, 'matching alone (tell_waitlist, rolled back)': matching },
      rounds,
    );
    const { rows } = await db.query<{ notices: string; entries: string }>(
      `select (select count(*) from app.waitlist_notices) as notices,
              (select count(*) from app.waitlist_entries) as entries`,
    );
    console.log(
      `${kind}: ${rows[0]!.entries} entries, ${rows[0]!.notices} notices written by ${2 * rounds} cancellations`,
    );
    return Object.entries(stats).map(([path, latency]) => ({ database: kind, path, ...latency }));
  } finally {
    await server.stop();
  }
}

export const waitlistTitle = `Waitlist matching when a slot frees (${waiting} customers waiting, 3 entries each; ${rounds} rounds)`;

/** Each database's rows, with how many times its floor each path takes. */
export async function benchWaitlist(databases: ('pglite' | 'postgres')[]) {
  const rows = [];
  for (const kind of databases) {
    const measured = await benchOn(kind);
    const floor = measured.find((row) => row.path.startsWith('floor'))!['p50 ms'];
    rows.push(...measured.map((row) => ({ ...row, '× floor': Number((row['p50 ms'] / floor).toFixed(2)) })));
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(waitlistTitle);
  console.table(await benchWaitlist(process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']));
}
