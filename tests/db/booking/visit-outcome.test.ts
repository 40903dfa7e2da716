import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  createAdmin,
  expectOk,
  expectRefused,
  insertReservation,
  openSalon,
  type Answer,
  type ReservationRow,
  type Salon,
} from '../../support/fixtures.ts';

interface InboxRow extends ReservationRow {
  client_completed_visits: number;
  client_no_shows: number;
  often_missed: boolean;
}

describe('booking: a visit is done or missed', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Visite');
    other = await openSalon(server, admin, 'Salone Altre Visite');
  });

  const mark = (who: Salon, id: string, outcome: string) =>
    who.owner.client.rpc('mark_visit', { reservation_id: id, outcome });
  const statusOf = async (id: string) => {
    const { rows } = await server.server.context.db.query<{ status: string }>(
      'select status from app.reservations where id = $1',
      [id],
    );
    return rows[0]!.status;
  };
  const confirmedAt = (startsAt: string) =>
    insertReservation(server, salon, { startsAt, status: 'confermata' });
  const inboxRow = async (id: string) =>
    expectOk<{ reservations: InboxRow[] }>(
      await salon.owner.client.rpc('merchant_reservations_page', { page_size: 100 }),
    ).reservations.find((row) => row.id === id)!;
  const notYetStarted = 'Solo un appuntamento confermato già iniziato si segna completato o non presentato';

  it('lets the salon mark a started appointment completed or missed, offered as actions', async () => {
    const done = await confirmedAt(`now() - interval '30 minutes'`);
    const missed = await confirmedAt(`now() - interval '3 hours'`);
    expect((await inboxRow(done)).actions).toEqual(['complete', 'no_show']);

    expect(expectOk<Answer>(await mark(salon, done, 'completata')).message).toBe('Visita completata');
    expect(expectOk<Answer>(await mark(salon, missed, 'non presentata')).message).toBe(
      'Segnata come non presentata',
    );
    expect(await statusOf(done)).toBe('completata');
    expect(await statusOf(missed)).toBe('non presentata');
    expect((await inboxRow(done)).actions).toEqual([]);
  });

  it('refuses before the start, twice, for requests and for another salon, changing nothing', async () => {
    const later = await confirmedAt(`now() + interval '2 hours'`);
    expect((await inboxRow(later)).actions).toEqual(['cancel']);
    expectRefused(await mark(salon, later, 'completata'), notYetStarted);
    expect(await statusOf(later)).toBe('confermata');

    const started = await confirmedAt(`now() - interval '5 hours'`);
    expectOk(await mark(salon, started, 'completata'));
    expectRefused(await mark(salon, started, 'non presentata'), notYetStarted);
    expect(await statusOf(started)).toBe('completata');

    const expired = await insertReservation(server, salon, { startsAt: `now() - interval '7 hours'` });
    expectRefused(await mark(salon, expired, 'completata'), notYetStarted);
    expect(await statusOf(expired)).toBe('in attesa');

    const theirs = await confirmedAt(`now() - interval '9 hours'`);
    expectRefused(await mark(other, theirs, 'completata'), 'Prenotazione non trovata');
    const byCustomer = await salon.client.client.rpc('mark_visit', {
      reservation_id: theirs,
      outcome: 'completata',
    });
    expect(byCustomer.error).not.toBeNull();
    expect(await statusOf(theirs)).toBe('confermata');

    const badOutcome = await mark(salon, theirs, 'annullata');
    expect(badOutcome.error?.message).toBe('Esito non valido: completata o non presentata');
  });

  it('lists the unmarked visits of past days to close, not today’s', async () => {
    const yesterday = await confirmedAt(`now() - interval '2 days'`);
    const earlyToday = await insertReservation(server, salon, {
      startsAt: `app_private.rome_today()::timestamp at time zone 'Europe/Rome' + interval '1 minute'`,
      status: 'confermata',
      operatorId: salon.bea,
    });
    const toClose = expectOk<ReservationRow[]>(await salon.owner.client.rpc('merchant_visits_to_close'));
    expect(toClose.map((row) => row.id)).toContain(yesterday);
    expect(toClose.map((row) => row.id)).not.toContain(earlyToday);
    expect(toClose.find((row) => row.id === yesterday)!.actions).toEqual(['complete', 'no_show']);

    expectOk(await mark(salon, yesterday, 'non presentata'));
    const after = expectOk<ReservationRow[]>(await salon.owner.client.rpc('merchant_visits_to_close'));
    expect(after.map((row) => row.id)).not.toContain(yesterday);
    expect(expectOk<ReservationRow[]>(await other.owner.client.rpc('merchant_visits_to_close'))).toEqual([]);
  });

  it('counts her visits on her card and flags her requests from the salon’s threshold', async () => {
    const fresh = await openSalon(server, await createAdmin(server), 'Salone Assenze');
    const at = (startsAt: string, status = 'confermata') =>
      insertReservation(server, fresh, { startsAt, status });
    for (const hours of [30, 40]) {
      expectOk(
        await fresh.owner.client.rpc('mark_visit', {
          reservation_id: await at(`now() - interval '${hours} hours'`),
          outcome: 'non presentata',
        }),
      );
    }
    expectOk(
      await fresh.owner.client.rpc('mark_visit', {
        reservation_id: await at(`now() - interval '50 hours'`),
        outcome: 'completata',
      }),
    );
    const request = await at(`now() + interval '3 days'`, 'in attesa');

    const page = async () =>
      expectOk<{ reservations: InboxRow[] }>(
        await fresh.owner.client.rpc('merchant_reservations_page', { section: 'to_answer' }),
      ).reservations.find((row) => row.id === request)!;
    expect(await page()).toMatchObject({
      client_completed_visits: 1,
      client_no_shows: 2,
      often_missed: true,
    });

    expectRefused(
      await fresh.owner.client.rpc('set_no_show_alert_threshold', { threshold: 0 }),
      'Il numero di assenze deve essere tra 1 e 20',
    );
    expectOk(await fresh.owner.client.rpc('set_no_show_alert_threshold', { threshold: 3 }));
    expect(
      expectOk<{ no_show_alert_threshold: number }>(await fresh.owner.client.rpc('booking_settings')),
    ).toMatchObject({
      no_show_alert_threshold: 3,
    });
    expect((await page()).often_missed).toBe(false);

    const card = expectOk<{ clients: { code: string; completed_visits: number; no_shows: number }[] }>(
      await fresh.owner.client.rpc('merchant_clients', {}),
    ).clients.find((row) => row.code === fresh.member.client_code)!;
    expect(card).toMatchObject({ completed_visits: 1, no_shows: 2 });
  });
});
