import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  cents,
  createAdmin,
  expectOk,
  expectRefused,
  insertReservation,
  openSalon,
  type Salon,
} from '../../support/fixtures.ts';

interface Registered {
  movement_id: string;
  net: number;
  available_credit: number;
  message: string;
}

describe('loyalty: the purchase comes from the visit', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Visite Pagate');
    other = await openSalon(server, admin, 'Salone Altri Acquisti');
  });

  const sql = async <Row>(text: string, values: unknown[]) =>
    (await server.server.context.db.query<Row>(text, values)).rows;
  const visitAt = (hoursAgo: number) =>
    insertReservation(server, salon, {
      startsAt: `now() - interval '${hoursAgo} hours'`,
      status: 'confermata',
    });
  const complete = (who: Salon, id: string, spend: number, discount = 0) =>
    who.owner.client.rpc('complete_visit_with_purchase', { reservation_id: id, spend, discount });
  const statusOf = async (id: string) =>
    (await sql<{ status: string }>('select status from app.reservations where id = $1', [id]))[0]!.status;
  const movementsOf = (id: string) =>
    sql<{ id: string }>('select id from app.movements where reservation_id = $1', [id]);
  const entries = async (movementId: string) =>
    (
      await sql<{ kind: string; amount: string }>(
        'select kind, amount from app.credit_ledger where movement_id = $1 order by kind',
        [movementId],
      )
    ).map((row) => [row.kind, cents(row.amount)]);
  const balanceMatchesLedger = async () => {
    const [row] = await sql<{ balance: string; ledger: string }>(
      `select c.available_credit as balance,
              (select coalesce(sum(l.amount), 0) from app.credit_ledger l where l.client_id = c.id) as ledger
         from app.clients c where c.id = $1`,
      [salon.member.client_id],
    );
    expect(cents(row!.balance)).toBe(cents(row!.ledger));
  };
  const closed = 'Solo un appuntamento confermato già iniziato si segna completato o non presentato';

  it('registers the purchase with the same credit as Registrazioni and completes the visit, linked', async () => {
    const visit = await visitAt(3);
    const draft = expectOk<Record<string, unknown>>(
      await salon.owner.client.rpc('visit_purchase_draft', { reservation_id: visit }),
    );
    expect(draft).toMatchObject({
      client_code: salon.member.client_code,
      client_name: 'Giulia Verdi',
      treatment_name: 'Piega',
      spend: 25,
      actions: ['complete', 'no_show'],
    });
    expectRefused(
      await other.owner.client.rpc('visit_purchase_draft', { reservation_id: visit }),
      'Prenotazione non trovata',
    );
    const fromVisit = expectOk<Registered>(await complete(salon, visit, 80));
    expect(fromVisit.message).toBe('Visita completata e acquisto registrato');
    expect(cents(fromVisit.net)).toBe(8000);
    expect(await statusOf(visit)).toBe('completata');
    expect((await movementsOf(visit)).map((row) => row.id)).toEqual([fromVisit.movement_id]);

    const typed = expectOk<Registered>(
      await salon.owner.client.rpc('register_purchase', {
        client_code: salon.member.client_code,
        spend: 80,
        discount: 0,
      }),
    );
    expect(await entries(fromVisit.movement_id)).toEqual(await entries(typed.movement_id));
    expect(await entries(fromVisit.movement_id)).toEqual([['generation0', 400]]);
    const [link] = await sql<{ reservation_id: string | null }>(
      'select reservation_id from app.movements where id = $1',
      [typed.movement_id],
    );
    expect(link!.reservation_id).toBeNull();

    const withDiscount = await visitAt(5);
    const spent = expectOk<Registered>(await complete(salon, withDiscount, 50, 6));
    expect(await entries(spent.movement_id)).toEqual([
      ['generation0', 220],
      ['redemption', -600],
    ]);
    expect(cents(spent.available_credit)).toBe(400 + 400 - 600 + 220);
    await balanceMatchesLedger();
  });

  it('saves nothing when the purchase fails its checks, the visit has not started, or is closed', async () => {
    const visit = await visitAt(7);
    expectRefused(
      await complete(salon, visit, 600, 500),
      'Errore: lo sconto da utilizzare deve essere inferiore o uguale allo sconto disponibile.',
    );
    expectRefused(await complete(salon, visit, 0), "L'importo di spesa deve essere maggiore di zero");
    expect(await statusOf(visit)).toBe('confermata');
    expect(await movementsOf(visit)).toEqual([]);

    const later = await insertReservation(server, salon, {
      startsAt: `now() + interval '2 hours'`,
      status: 'confermata',
    });
    expectRefused(await complete(salon, later, 30), closed);
    expect(await movementsOf(later)).toEqual([]);

    expectOk(await complete(salon, visit, 30));
    expectRefused(await complete(salon, visit, 30), closed);
    expect(await movementsOf(visit)).toHaveLength(1);

    const missed = await visitAt(9);
    expectOk(
      await salon.owner.client.rpc('mark_visit', { reservation_id: missed, outcome: 'non presentata' }),
    );
    expectRefused(await complete(salon, missed, 30), closed);
    expect(await movementsOf(missed)).toEqual([]);
    await balanceMatchesLedger();
  });

  it('refuses another salon’s visit and the customer herself', async () => {
    const visit = await visitAt(11);
    expectRefused(await complete(other, visit, 30), 'Prenotazione non trovata');
    const byCustomer = await salon.client.client.rpc('complete_visit_with_purchase', {
      reservation_id: visit,
      spend: 30,
      discount: 0,
    });
    expect(byCustomer.error).not.toBeNull();
    expect(await statusOf(visit)).toBe('confermata');
    expect(await movementsOf(visit)).toEqual([]);
  });

  it('keeps the link through a storno and reopens nothing', async () => {
    const visit = await visitAt(13);
    const registered = expectOk<Registered>(await complete(salon, visit, 40));
    expectOk(
      await salon.owner.client.rpc('reverse_purchase', {
        movement_id: registered.movement_id,
        reason: 'Errore di battitura',
      }),
    );
    expect((await movementsOf(visit)).map((row) => row.id)).toEqual([registered.movement_id]);
    expect(await statusOf(visit)).toBe('completata');
    expectRefused(await complete(salon, visit, 40), closed);
    await balanceMatchesLedger();
  });
});
