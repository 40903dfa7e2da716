import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  cents,
  createAdmin,
  expectOk,
  insertReservation,
  openSalon,
  registerPurchase,
  type Salon,
} from '../../support/fixtures.ts';

interface VisitFigures {
  visits: { completed: number; no_shows: number; no_show_rate: number | null };
  revenue_by_origin: { visits: number; walk_ins: number };
  totals: { net: number };
}

describe('loyalty: Statistiche counts visits, no-shows and the revenue of visits and walk-ins', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  let startOfVisits: string;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Cifre Visite');
    other = await openSalon(server, admin, 'Salone Altre Cifre');
    startOfVisits = (await sql<{ now: Date }>('select now()'))[0]!.now.toISOString();
  });

  async function sql<Row>(text: string, values: unknown[] = []) {
    return (await server.server.context.db.query<Row & Record<string, unknown>>(text, values)).rows;
  }
  let visits = 0;
  const visitAt = (where: Salon) => {
    visits += 1;
    return insertReservation(server, where, {
      startsAt: `'${startOfVisits}'::timestamptz - interval '${visits} hours'`,
      status: 'confermata',
    });
  };
  const statisticsOf = async (where: Salon) =>
    expectOk<VisitFigures>(await where.owner.client.rpc('merchant_statistics'));

  it('has no rate before any visit closed', async () => {
    expect((await statisticsOf(other)).visits).toEqual({ completed: 0, no_shows: 0, no_show_rate: null });
  });

  it('matches a direct count of the salon’s reservations and movements', async () => {
    const owner = salon.owner.client;
    expectOk(await owner.rpc('mark_visit', { reservation_id: await visitAt(salon), outcome: 'completata' }));
    expectOk(
      await owner.rpc('mark_visit', { reservation_id: await visitAt(salon), outcome: 'non presentata' }),
    );
    for (const spend of [40, 60.5])
      expectOk(
        await owner.rpc('complete_visit_with_purchase', {
          reservation_id: await visitAt(salon),
          spend,
          discount: 0,
        }),
      );
    const reversed = expectOk<{ movement_id: string }>(
      await owner.rpc('complete_visit_with_purchase', {
        reservation_id: await visitAt(salon),
        spend: 30,
        discount: 0,
      }),
    );
    expectOk(
      await owner.rpc('reverse_purchase', { movement_id: reversed.movement_id, reason: 'Errore di cassa' }),
    );
    await registerPurchase(owner, salon.member.client_code, 25);
    // Another salon's visits and purchases stay in its own figures.
    expectOk(
      await other.owner.client.rpc('mark_visit', {
        reservation_id: await visitAt(other),
        outcome: 'non presentata',
      }),
    );
    await registerPurchase(other.owner.client, other.member.client_code, 99);

    const figures = await statisticsOf(salon);
    const [counted] = await sql<{ completed: number; no_shows: number }>(
      `select count(*) filter (where status = 'completata')::int as completed,
              count(*) filter (where status = 'non presentata')::int as no_shows
         from app.reservations where merchant_id = $1`,
      [salon.merchant.id],
    );
    const [summed] = await sql<{ visits: string; walk_ins: string }>(
      `select coalesce(sum(mv.net) filter (where coalesce(mv.reservation_id, o.reservation_id) is not null), 0) as visits,
              coalesce(sum(mv.net) filter (where coalesce(mv.reservation_id, o.reservation_id) is null), 0) as walk_ins
         from app.movements mv left join app.movements o on o.id = mv.reversal_of
        where mv.merchant_id = $1`,
      [salon.merchant.id],
    );
    expect(counted).toEqual({ completed: 4, no_shows: 1 });
    expect(figures.visits).toEqual({ completed: 4, no_shows: 1, no_show_rate: 0.2 });
    expect(cents(figures.revenue_by_origin.visits)).toBe(cents(summed!.visits));
    expect(cents(figures.revenue_by_origin.walk_ins)).toBe(cents(summed!.walk_ins));
    expect(cents(figures.revenue_by_origin.visits)).toBe(10050);
    expect(cents(figures.revenue_by_origin.walk_ins)).toBe(2500);
    expect(cents(figures.revenue_by_origin.visits) + cents(figures.revenue_by_origin.walk_ins)).toBe(
      cents(figures.totals.net),
    );
    expect((await statisticsOf(other)).visits).toEqual({ completed: 0, no_shows: 1, no_show_rate: 1 });
  });
});
