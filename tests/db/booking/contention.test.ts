import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  createAdmin,
  insertReservation,
  openSalon,
  romeInstant,
  romeToday,
  type Salon,
} from '../../support/fixtures.ts';
import { testDatabaseKind } from '../../support/test-database.ts';
import { useTestServer } from '../../support/use-test-server.ts';

const slotTaken = "Orario non disponibile: l'operatore ha già un appuntamento confermato in questa fascia";
const noneFree =
  'Orario non disponibile: nessun operatore che esegue il trattamento è libero in questa fascia';
const tryAgain = "Orario appena occupato da un'altra conferma: riprova";

describe('booking under contention: every confirm ends in an answer, never a server error', () => {
  const server = useTestServer();
  let salon: Salon;
  let day: string;

  beforeAll(async () => {
    salon = await openSalon(server, await createAdmin(server), 'Salone Affollato');
    day = addDays(await romeToday(server), 7);
  });

  it('answers 100 simultaneous confirms of one operator’s overlapping requests with success or a 4xx', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 100; index += 1) {
      const at = 9 * 60 + (index % 4) * 15;
      const time = `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
      ids.push(
        await insertReservation(server, salon, {
          startsAt: romeInstant(day, time),
          operatorId: index % 2 === 0 ? null : salon.anna,
        }),
      );
    }
    await Promise.all(ids.map(() => salon.owner.client.rpc('list_operators')));
    const answers = await Promise.all(
      ids.map((id) => salon.owner.client.rpc('confirm_reservation', { reservation_id: id })),
    );
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const refused = answers.filter((answer) => answer.error !== null);
    for (const answer of refused) {
      expect([slotTaken, noneFree, tryAgain]).toContain(answer.error!.message);
      expect(answer.status).toBe(400);
    }
    expect(answers.length - refused.length).toBeGreaterThanOrEqual(1);
    const { rows } = await server.server.context.db.query<{ n: number }>(
      `select count(*)::int as n from app.reservations a join app.reservations b
         on a.operator_id = b.operator_id and a.id < b.id
        where a.status = 'confermata' and b.status = 'confermata'
          and a.starts_at < b.ends_at and b.starts_at < a.ends_at`,
    );
    expect(rows[0]!.n).toBe(0);
  }, 120_000);

  // PGlite has one session: nobody else can hold the salon's turn while a call waits for it.
  it.skipIf(testDatabaseKind !== 'postgres')(
    'answers "riprova" within its lock timeout when another confirm of the salon holds the turn',
    async () => {
      const id = await insertReservation(server, salon, { startsAt: romeInstant(addDays(day, 1), '15:00') });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const holder = server.server.context.db.transaction(async (tx) => {
        await tx.query(`select pg_advisory_xact_lock(hashtextextended('confirm_slot ' || $1, 0))`, [
          salon.merchant.id,
        ]);
        locked();
        await held;
      });
      await lockTaken;
      const started = performance.now();
      const answer = await salon.owner.client.rpc('confirm_reservation', { reservation_id: id });
      const waited = performance.now() - started;
      release();
      await holder;
      expect(answer.status).toBe(400);
      expect(answer.error?.message).toBe(tryAgain);
      expect(waited).toBeGreaterThanOrEqual(1400);
      const { rows } = await server.server.context.db.query(
        'select status from app.reservations where id = $1',
        [id],
      );
      expect(rows).toEqual([{ status: 'in attesa' }]);
      const again = await salon.owner.client.rpc('confirm_reservation', { reservation_id: id });
      expect(again.error).toBeNull();
    },
    30_000,
  );
});
