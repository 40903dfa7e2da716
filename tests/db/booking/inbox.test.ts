import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  addDays,
  createAdmin,
  expectOk,
  expectRefused,
  insertReservation,
  openSalon,
  romeInstant,
  romeToday,
  type ReservationRow,
  type Salon,
} from '../../support/fixtures.ts';
import { joinAsClient } from '../../support/personas.ts';

interface InboxRow extends ReservationRow {
  slot_taken: boolean;
  client_completed_visits: number;
  client_no_shows: number;
  often_missed: boolean;
  whatsapp: Record<string, string>;
  reminder: Record<string, unknown> | null;
}
type Seeded =
  | 'annaBusy'
  | 'beaBusy'
  | 'upcomingLater'
  | 'modified'
  | 'pendingTakenNamed'
  | 'pendingTakenAny'
  | 'pendingFreeAny'
  | 'pendingSoon'
  | 'rejected'
  | 'pastConfirmed'
  | 'expired';
interface Page {
  reservations: InboxRow[];
  next: string | null;
  pending: number;
}

describe('booking: the merchant’s inbox, paged on the server', () => {
  const server = useTestServer();
  let salon: Salon;
  let ids: Record<Seeded, string>;

  beforeAll(async () => {
    salon = await openSalon(server, await createAdmin(server), 'Salone Posta');
    const today = await romeToday(server);
    const at = (days: number, time: string) => romeInstant(addDays(today, days), time);
    const add = (options: Parameters<typeof insertReservation>[2]) =>
      insertReservation(server, salon, options);
    ids = {
      // Anna is confirmed on day 2 at 10:00, Bea on day 2 at 10:00 too: that slot is full.
      annaBusy: await add({ startsAt: at(2, '10:00'), status: 'confermata', operatorId: salon.anna }),
      beaBusy: await add({ startsAt: at(2, '10:00'), status: 'confermata', operatorId: salon.bea }),
      upcomingLater: await add({ startsAt: at(9, '12:00'), status: 'confermata' }),
      modified: await add({ startsAt: at(4, '12:00'), status: 'modificata' }),
      pendingTakenNamed: await add({ startsAt: at(2, '10:30'), operatorId: salon.anna }),
      pendingTakenAny: await add({ startsAt: at(2, '10:15'), operatorId: null }),
      pendingFreeAny: await add({ startsAt: at(3, '10:00'), operatorId: null }),
      pendingSoon: await add({ startsAt: at(1, '09:00'), operatorId: salon.bea }),
      rejected: await add({ startsAt: at(5, '09:00'), status: 'rifiutata' }),
      pastConfirmed: await add({ startsAt: at(-3, '09:00'), status: 'confermata' }),
      expired: await add({ startsAt: `now() - interval '1 hour'`, operatorId: null }),
    };
  });

  const page = async (args: Record<string, unknown>) =>
    expectOk<Page>(await salon.owner.client.rpc('merchant_reservations_page', args));
  const all = async (args: Record<string, unknown>) => {
    const rows: InboxRow[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const next: Page = await page({ ...args, after, page_size: 2 });
      expect(next.reservations.length).toBeLessThanOrEqual(2);
      rows.push(...next.reservations);
      after = next.next;
      pages += 1;
    } while (after !== null && pages < 20);
    return rows;
  };

  it('pages through requests to answer, then upcoming appointments, then the history', async () => {
    const rows = await all({});
    const order = rows.map((row) => row.id);
    expect(new Set(order).size).toBe(order.length);
    expect(order).toHaveLength(Object.keys(ids).length);
    expect(order.slice(0, 4)).toEqual([
      ids.pendingSoon,
      ids.pendingTakenAny,
      ids.pendingTakenNamed,
      ids.pendingFreeAny,
    ]);
    expect(order.slice(4, 6).sort()).toEqual([ids.annaBusy, ids.beaBusy].sort());
    expect(order.slice(6, 8)).toEqual([ids.modified, ids.upcomingLater]);
    expect(order.slice(8)).toEqual([ids.rejected, ids.expired, ids.pastConfirmed]);
    expect(rows.find((row) => row.id === ids.expired)).toMatchObject({ status: 'scaduta', actions: [] });
    expect(rows.find((row) => row.id === ids.pendingSoon)!.actions).toEqual(['confirm', 'modify', 'reject']);
  });

  it('filters by section and flags requests whose slot is already taken', async () => {
    const toAnswer = await all({ section: 'to_answer' });
    expect(Object.fromEntries(toAnswer.map((row) => [row.id, row.slot_taken]))).toEqual({
      [ids.pendingSoon]: false,
      [ids.pendingTakenAny]: true,
      [ids.pendingTakenNamed]: true,
      [ids.pendingFreeAny]: false,
    });
    expect((await all({ section: 'upcoming' })).map((row) => row.id)).toEqual(
      expect.arrayContaining([ids.annaBusy, ids.beaBusy, ids.modified, ids.upcomingLater]),
    );
    expect((await all({ section: 'history' })).map((row) => row.id)).toEqual([
      ids.rejected,
      ids.expired,
      ids.pastConfirmed,
    ]);
    expect(expectOk<number>(await salon.owner.client.rpc('merchant_pending_count'))).toBe(toAnswer.length);
  });

  it("carries the badge's count on every page, of any section, so the screen sends one request", async () => {
    const count = expectOk<number>(await salon.owner.client.rpc('merchant_pending_count'));
    expect(count).toBeGreaterThan(0);
    for (const section of [null, 'to_answer', 'upcoming', 'history']) {
      expect((await page({ section, page_size: 1 })).pending, String(section)).toBe(count);
    }
    const first = await page({ section: 'to_answer', page_size: 1 });
    expect((await page({ section: 'to_answer', page_size: 1, after: first.next })).pending).toBe(count);
  });

  it('keeps the next page stable when a new request arrives meanwhile', async () => {
    const first = await page({ section: 'to_answer', page_size: 2 });
    expect(first.reservations.map((row) => row.id)).toEqual([ids.pendingSoon, ids.pendingTakenAny]);
    await insertReservation(server, salon, {
      startsAt: `now() + interval '30 minutes'`,
      operatorId: salon.anna,
    });
    const second = await page({ section: 'to_answer', page_size: 2, after: first.next });
    expect(second.reservations.map((row) => row.id)).toEqual([ids.pendingTakenNamed, ids.pendingFreeAny]);
    expect(second.next).toBeNull();
  });

  it("gives each row its own client's visits and its own WhatsApp link, several clients on one page", async () => {
    const busy = await openSalon(server, await createAdmin(server), 'Salone Molti Clienti');
    const clients = [busy.member.client_id];
    for (const [name, phone] of [
      ['Carla Neri', '3331112222'],
      ['Dora Blu', '3334445555'],
    ] as const)
      clients.push((await joinAsClient(server, busy.merchant.slug, { name, phone })).joined.client_id);
    const add = (clientId: string, startsAt: string, status = 'in attesa') =>
      insertReservation(server, busy, {
        clientId,
        startsAt,
        status,
        operatorId: status === 'confermata' ? busy.anna : null,
      });
    // Client i: i visits done and 2 - i missed, then a request on each of the next three days.
    for (const [index, clientId] of clients.entries()) {
      for (let visit = 0; visit < 2; visit += 1) {
        const past = await add(clientId, `now() - interval '${10 * index + visit + 2} days'`, 'confermata');
        const outcome = visit < index ? 'completata' : 'non presentata';
        expectOk(await busy.owner.client.rpc('mark_visit', { reservation_id: past, outcome }));
      }
      for (const day of [1, 2, 3]) await add(clientId, `now() + interval '${day} days ${index} hours'`);
    }

    const rows = expectOk<Page>(
      await busy.owner.client.rpc('merchant_reservations_page', { section: 'to_answer', page_size: 100 }),
    ).reservations;
    expect(rows).toHaveLength(9);
    for (const row of rows) {
      const index = clients.indexOf(row.client_id);
      expect([row.client_completed_visits, row.client_no_shows]).toEqual([index, 2 - index]);
      expect(row.often_missed).toBe(2 - index >= 2);
      expect(row.reminder).toBeNull();
      expect(row.whatsapp).toEqual(
        expectOk(await busy.owner.client.rpc('reservation_whatsapp', { reservation_id: row.id })),
      );
    }
    expect(rows.filter((row) => row.whatsapp.url?.includes('Carla'))).toHaveLength(3);
  });

  it('refuses bad filters, sizes and cursors, and anyone but the merchant', async () => {
    const refuse = async (args: Record<string, unknown>, message: string) =>
      expectRefused(await salon.owner.client.rpc('merchant_reservations_page', args), message);
    await refuse({ section: 'tutte' }, 'Filtro non valido: usa to_answer, upcoming o history');
    await refuse({ page_size: 0 }, 'Una pagina contiene da 1 a 100 prenotazioni');
    await refuse({ page_size: 101 }, 'Una pagina contiene da 1 a 100 prenotazioni');
    for (const after of [
      'x',
      '0:NaN:00000000-0000-0000-0000-000000000000',
      '3:1:00000000-0000-0000-0000-000000000000',
      "0:1:'; drop",
    ]) {
      await refuse({ after }, "Pagina non valida: ricarica l'elenco");
    }
    for (const fn of ['merchant_reservations_page', 'merchant_pending_count']) {
      const result = await salon.client.client.rpc(fn, {});
      expect(result.error?.message).toBe('Accesso negato: questo account non è un commerciante');
      expect(result.status).toBe(403);
    }
  });
});
