import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  createAdmin,
  expectOk,
  insertReservation,
  openSalon,
  type ReservationRow,
  type Salon,
} from '../../support/fixtures.ts';

describe('api.client_next_appointment: the appointment the offline screen shows', () => {
  const server = useTestServer();
  let salon: Salon;
  let emptySalon: Salon;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Prossimo');
    emptySalon = await openSalon(server, admin, 'Salone Vuoto');
  });

  const nextOf = async (of: Salon) =>
    expectOk<ReservationRow[]>(
      await of.client.client.rpc('client_next_appointment', { merchant_slug: of.merchant.slug }),
    );
  /** A reservation of the salon's customer starting `offset` from now (an SQL interval). */
  const reservation = (of: Salon, offset: string, status: string) =>
    insertReservation(server, of, {
      startsAt: `now() + interval '${offset}'`,
      status,
      operatorId: status === 'confermata' ? of.anna : null,
    });

  it('is the earliest reservation still to come that may take place', async () => {
    const later = await reservation(salon, '8 days', 'confermata');
    await reservation(salon, '-4 days', 'confermata');
    await reservation(salon, '1 day', 'rifiutata');
    await reservation(salon, '1 day -1 hour', 'annullata');
    // Stored 'modificata', shown 'scaduta': its time has passed without an answer.
    await reservation(salon, '-2 hours', 'modificata');
    const requested = await reservation(salon, '2 days', 'in attesa');
    const moved = await reservation(salon, '3 days', 'modificata');

    const [next, ...rest] = await nextOf(salon);
    expect(rest).toEqual([]);
    expect(next).toMatchObject({ id: requested, status: 'in attesa', treatment_name: 'Piega' });
    expect(next!.actions).toEqual(expect.any(Array));

    await server.server.context.db.query('delete from app.reservations where id = $1', [requested]);
    expect((await nextOf(salon)).map((row) => row.id)).toEqual([moved]);
    await server.server.context.db.query('delete from app.reservations where id = $1', [moved]);
    expect((await nextOf(salon)).map((row) => row.id)).toEqual([later]);
  });

  it('is none when nothing is planned, or all is past', async () => {
    expect(await nextOf(emptySalon)).toEqual([]);
    await reservation(emptySalon, '-1 second', 'confermata');
    await reservation(emptySalon, '-3 days', 'in attesa');
    expect(await nextOf(emptySalon)).toEqual([]);
  });

  it('answers only a client of the salon', async () => {
    const { error } = await salon.owner.client.rpc('client_next_appointment', {
      merchant_slug: salon.merchant.slug,
    });
    expect(error?.code).toBe('42501');
  });
});
