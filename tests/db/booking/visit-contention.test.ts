import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  createAdmin,
  openSalon,
  romeInstant,
  romeToday,
  type Salon,
} from '../../support/fixtures.ts';
import { testDatabaseKind } from '../../support/test-database.ts';
import { useTestServer } from '../../support/use-test-server.ts';

const refusals = [
  "Orario non disponibile: l'operatore ha già un appuntamento confermato in questa fascia",
  'Orario non disponibile: nessun operatore che esegue il trattamento è libero in questa fascia',
  "Orario appena occupato da un'altra conferma: riprova",
];

describe('visits under contention: 100 confirms at once, each visit whole or not at all', () => {
  const server = useTestServer();
  let salon: Salon;
  let day: string;

  beforeAll(async () => {
    salon = await openSalon(server, await createAdmin(server), 'Salone Visite Affollato');
    day = addDays(await romeToday(server), 7);
  });

  /** Piega (any operator) then Ciglia (Anna), as api.book_visit saves it; returns its second part's id. */
  const insertVisit = async (time: string) => {
    const { rows } = await server.server.context.db.query<{ id: string }>(
      `with visit as (select gen_random_uuid() as id, ${romeInstant(day, time)} as starts)
       insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
         starts_at, ends_at, status, visit_id, visit_part)
       select $1, $2, p.treatment_id, p.name, p.operator_id,
              visit.starts + make_interval(mins => p.offset_minutes),
              visit.starts + make_interval(mins => p.offset_minutes + p.minutes), 'in attesa', visit.id, p.part
         from visit, (values (1, $3::uuid, 'Piega', null::uuid, 0, 60), (2, $4::uuid, 'Ciglia', $5::uuid, 60, 30))
                       as p(part, treatment_id, name, operator_id, offset_minutes, minutes)
       returning id, visit_part`,
      [salon.merchant.id, salon.member.client_id, salon.piega, salon.ciglia, salon.anna],
    );
    return rows[1]!.id;
  };

  it('answers every confirm in under 2 s on PostgreSQL, never overlapping, never half a visit', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 100; index += 1) {
      const at = 9 * 60 + (index % 4) * 15;
      ids.push(
        await insertVisit(
          `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`,
        ),
      );
    }
    await Promise.all(ids.map(() => salon.owner.client.rpc('list_operators')));
    const timed = await Promise.all(
      ids.map(async (id) => {
        const started = performance.now();
        const answer = await salon.owner.client.rpc('confirm_reservation', { reservation_id: id });
        return { answer, milliseconds: performance.now() - started };
      }),
    );
    const answers = timed.map((entry) => entry.answer);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const refused = answers.filter((answer) => answer.error !== null);
    for (const answer of refused) {
      expect(refusals.map((message) => [`Piega: ${message}`, `Ciglia: ${message}`]).flat()).toContain(
        answer.error!.message,
      );
    }
    expect(answers.length - refused.length).toBeGreaterThanOrEqual(1);

    const db = server.server.context.db;
    const overlaps = await db.query<{ n: number }>(
      `select count(*)::int as n from app.reservations a join app.reservations b
         on a.operator_id = b.operator_id and a.id < b.id
        where a.status = 'confermata' and b.status = 'confermata' and a.operator_busy && b.operator_busy`,
    );
    expect(overlaps.rows[0]!.n).toBe(0);
    const halves = await db.query<{ n: number }>(
      `select count(*)::int as n from (select visit_id from app.reservations where visit_id is not null
         group by visit_id having count(distinct status) > 1) mixed`,
    );
    expect(halves.rows[0]!.n).toBe(0);
    const slowest = Math.max(...timed.map((entry) => entry.milliseconds));
    if (testDatabaseKind === 'postgres') expect(slowest).toBeLessThan(2000);
    console.info(
      `100 confirms of visits at once on ${testDatabaseKind}: slowest answer ${Math.round(slowest)} ms`,
    );
  }, 120_000);
});
