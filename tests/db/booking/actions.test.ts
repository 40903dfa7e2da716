import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  addDays,
  createAdmin,
  expectOk,
  insertReservation,
  openSalon,
  romeInstant,
  romeToday,
  type ReservationRow,
  type Salon,
} from '../../support/fixtures.ts';

describe('booking: each row says what its caller may do with it', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  let today: string;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Azioni');
    other = await openSalon(server, admin, 'Salone Vicino');
    today = await romeToday(server);
  });

  const merchantRows = async () =>
    expectOk<ReservationRow[]>(await salon.owner.client.rpc('merchant_reservations', {}));
  const clientRows = async () =>
    expectOk<ReservationRow[]>(
      await salon.client.client.rpc('client_reservations', { merchant_slug: salon.merchant.slug }),
    );

  it('computes the actions of merchant and client from status and time, with the instants', async () => {
    const day = addDays(today, 3);
    const at = (time: string) => romeInstant(day, time);
    const ids = {
      pending: await insertReservation(server, salon, { startsAt: at('09:00') }),
      pastPending: await insertReservation(server, salon, { startsAt: `now() - interval '2 hours'` }),
      modified: await insertReservation(server, salon, { startsAt: at('11:00'), status: 'modificata' }),
      confirmed: await insertReservation(server, salon, { startsAt: at('13:00'), status: 'confermata' }),
      oldConfirmed: await insertReservation(server, salon, {
        startsAt: `now() - interval '3 hours'`,
        status: 'confermata',
      }),
      rejected: await insertReservation(server, salon, { startsAt: at('15:00'), status: 'rifiutata' }),
    };
    const byId = (rows: ReservationRow[]) => new Map(rows.map((row) => [row.id, row]));
    const merchant = byId(await merchantRows());
    const client = byId(await clientRows());
    expect(merchant.get(ids.pending)!.actions).toEqual(['confirm', 'modify', 'reject']);
    expect(merchant.get(ids.pastPending)!.actions).toEqual([]);
    expect(merchant.get(ids.modified)!.actions).toEqual([]);
    expect(client.get(ids.pending)!.actions).toEqual(['cancel', 'move']);
    expect(client.get(ids.modified)!.actions).toEqual(['accept', 'decline']);
    expect(client.get(ids.confirmed)!.actions).toEqual(['cancel', 'move']);
    expect(client.get(ids.oldConfirmed)!.actions).toEqual(['delete']);
    expect(client.get(ids.rejected)!.actions).toEqual(['delete']);
    const row = client.get(ids.confirmed)!;
    expect(new Date(row.starts_at).toISOString()).toBe(
      (
        await server.server.context.db.query<{ at: Date }>(`select ${at('13:00')} as at`)
      ).rows[0]!.at.toISOString(),
    );
    expect(Date.parse(row.ends_at) - Date.parse(row.starts_at)).toBe(60 * 60_000);
    // The agenda carries actions too.
    const agenda = expectOk<ReservationRow[]>(await salon.owner.client.rpc('merchant_agenda', {}));
    expect(agenda.find((r) => r.id === ids.confirmed)!.actions).toEqual(['cancel']);
  });

  it('gives the merchant the same free times as its clients, and no one else', async () => {
    const day = addDays(today, 5);
    await insertReservation(server, salon, { startsAt: romeInstant(day, '10:00'), status: 'confermata' });
    const args = {
      merchant_slug: salon.merchant.slug,
      treatment_id: salon.ciglia,
      operator_id: salon.anna,
      date: day,
    };
    const asMerchant = expectOk<string[]>(await salon.owner.client.rpc('free_times', args));
    const asClient = expectOk<string[]>(await salon.client.client.rpc('free_times', args));
    expect(asMerchant).toEqual(asClient);
    expect(asMerchant).not.toContain('10:00');
    expect(asMerchant).toContain('11:00');
    const foreign = await other.owner.client.rpc('free_times', args);
    expect(foreign.error?.message).toBe('Accesso negato: questo account non è un cliente.');
    expect(foreign.status).toBe(403);
  });
});
