import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  createAdmin,
  expectOk,
  expectRefused,
  insertReservation,
  openSalon,
  romeInstant,
  romeToday,
  type Answer,
  type Salon,
} from '../../support/fixtures.ts';
import { joinAsClient, type JoinedClient, type Persona } from '../../support/personas.ts';
import { useTestServer } from '../../support/use-test-server.ts';

interface Waitlist {
  entries: { id: string; treatment_name: string; operator_name: string; period: string }[];
  offers: {
    treatment_id: string;
    treatment_name: string;
    operator_id: string | null;
    date: string;
    time: string;
  }[];
}

interface Waiter {
  persona: Persona;
  joined: JoinedClient;
}

describe('booking: the waitlist fills a freed slot', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  let today: string;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Attesa');
    other = await openSalon(server, admin, 'Salone Altro');
    today = await romeToday(server);
  });

  const sql = async <Row>(text: string, params?: unknown[]) =>
    (await server.server.context.db.query<Row>(text, params)).rows;
  const waiter = async (name: string, options: { unconfirmed?: boolean } = {}): Promise<Waiter> =>
    joinAsClient(server, salon.merchant.slug, { name, ...options });
  const join = (who: Waiter, args: Record<string, unknown>) =>
    who.persona.client.rpc('join_waitlist', {
      merchant_slug: salon.merchant.slug,
      treatment_id: salon.piega,
      period: 'Mattina',
      ...args,
    });
  const waitlistOf = async (who: Waiter) =>
    expectOk<Waitlist>(await who.persona.client.rpc('my_waitlist', { merchant_slug: salon.merchant.slug }));
  const confirmed = (day: string, time: string, operatorId: string, clientId?: string) =>
    insertReservation(server, salon, {
      startsAt: romeInstant(day, time),
      status: 'confermata',
      operatorId,
      clientId,
    });
  const mailsOfSlot = (startsAt: string) =>
    sql<{ recipient: string; payload: Record<string, string> }>(
      `select recipient, payload from app.notification_outbox
        where kind = 'waitlist_slot' and channel = 'email' and (payload ->> 'starts_at')::timestamptz = $1
        order by created_at`,
      [startsAt],
    );

  it('tells those the freed slot suits, in order of joining, and nobody outside day, part or operator', async () => {
    const day = addDays(today, 3);
    const [first, second, afternoon, later, withBea] = await Promise.all(
      ['Prima Attesa', 'Seconda Attesa', 'Pomeriggio Attesa', 'Dopo Attesa', 'Bea Attesa'].map((name) =>
        waiter(name),
      ),
    );
    const appointment = await confirmed(day, '10:00', salon.anna);
    expect(expectOk<Answer>(await join(first!, { from_day: day, to_day: addDays(day, 1) })).message).toBe(
      "Sei in lista d'attesa",
    );
    expectOk(await join(second!, { operator_id: salon.anna, from_day: addDays(day, -1), to_day: day }));
    expectOk(await join(afternoon!, { from_day: day, to_day: day, period: 'Pomeriggio' }));
    expectOk(await join(later!, { from_day: addDays(day, 1), to_day: addDays(day, 2) }));
    expectOk(await join(withBea!, { operator_id: salon.bea, from_day: day, to_day: day }));

    // The salon sees the day's waitlist, by part of the day; the other salon sees none of it.
    expect(names(expectOk(await salon.owner.client.rpc('merchant_waitlist', { day })))).toEqual([
      'Prima Attesa',
      'Seconda Attesa',
      'Bea Attesa',
      'Pomeriggio Attesa',
    ]);
    expect(expectOk(await other.owner.client.rpc('merchant_waitlist', { day }))).toEqual([]);

    expectOk(await salon.client.client.rpc('cancel_reservation', { reservation_id: appointment }));

    const [row] = await sql<{ starts_at: string }>('select starts_at from app.reservations where id = $1', [
      appointment,
    ]);
    const startsAt = row!.starts_at;
    expect(
      await sql('select client_id, rank from app.waitlist_notices where starts_at = $1 order by rank', [
        startsAt,
      ]),
    ).toEqual([
      { client_id: first!.joined.client_id, rank: 1 },
      { client_id: second!.joined.client_id, rank: 2 },
    ]);
    const offer = { treatment_id: salon.piega, treatment_name: 'Piega', date: day, time: '10:00' };
    expect((await waitlistOf(first!)).offers).toEqual([
      expect.objectContaining({ ...offer, operator_id: null }),
    ]);
    expect((await waitlistOf(second!)).offers).toEqual([expect.objectContaining(offer)]);
    for (const untold of [afternoon!, later!, withBea!])
      expect((await waitlistOf(untold)).offers).toEqual([]);
    const mails = await mailsOfSlot(startsAt);
    expect(mails.map((mail) => mail.recipient)).toEqual([first!.persona.email, second!.persona.email]);
    expect(mails[0]!.payload).toMatchObject({
      client_name: 'Prima Attesa',
      treatment: 'Piega',
      date: day.split('-').reverse().join('-'),
      time: '10:00',
    });

    // The first to book it gets it; booking closes her entry for the treatment.
    expectOk(
      await first!.persona.client.rpc('book_reservation', {
        merchant_slug: salon.merchant.slug,
        treatment_id: salon.piega,
        operator_id: salon.anna,
        date: day,
        time: '10:00',
      }),
    );
    expect(await waitlistOf(first!)).toEqual({ entries: [], offers: [] });
    expect((await waitlistOf(second!)).entries).toHaveLength(1);
  });

  it('tells a slot freed by the salon rejecting, moving or cancelling, and never one already past', async () => {
    const day = addDays(today, 5);
    const patient = await waiter('Paziente Attesa');
    expectOk(await join(patient, { from_day: day, to_day: day, period: 'Pomeriggio' }));
    const pending = await insertReservation(server, salon, {
      startsAt: romeInstant(day, '15:00'),
      operatorId: null,
    });
    expectOk(
      await salon.owner.client.rpc('reject_reservation', { reservation_id: pending, reason: 'Pieno' }),
    );
    const moved = await insertReservation(server, salon, { startsAt: romeInstant(day, '16:00') });
    expectOk(
      await salon.owner.client.rpc('modify_reservation', {
        reservation_id: moved,
        date: day,
        time: '11:00',
        note: 'Meglio di mattina',
      }),
    );
    const cancelled = await confirmed(day, '17:00', salon.bea);
    expectOk(
      await salon.owner.client.rpc('merchant_cancel_reservation', {
        reservation_id: cancelled,
        reason: 'Imprevisto',
      }),
    );
    expect((await waitlistOf(patient)).offers.map((offer) => offer.time)).toEqual([
      '15:00',
      '16:00',
      '17:00',
    ]);

    const past = await insertReservation(server, salon, {
      startsAt: `now() - interval '1 hour'`,
      status: 'confermata',
    });
    await sql(`delete from app.reservations where id = $1`, [past]);
    expect((await waitlistOf(patient)).offers).toHaveLength(3);
  });

  it('tells the old slot of an appointment the customer moved, once the salon confirms the move', async () => {
    const day = addDays(today, 8);
    const patient = await waiter('Paziente Spostamento');
    expectOk(await join(patient, { from_day: day, to_day: day, period: 'Mattina' }));
    const mover = await waiter('Cliente Che Sposta');
    const original = await confirmed(day, '10:00', salon.anna, mover.joined.client_id);
    const asked = expectOk<Answer>(
      await mover.persona.client.rpc('move_reservation', {
        reservation_id: original,
        date: addDays(today, 9),
        time: '11:00',
      }),
    );
    // Asked, not yet confirmed: the appointment keeps its slot and nobody is told.
    expect((await waitlistOf(patient)).offers).toEqual([]);
    expectOk(await salon.owner.client.rpc('confirm_reservation', { reservation_id: asked.id }));
    expect((await waitlistOf(patient)).offers.map((offer) => [offer.date, offer.time])).toEqual([
      [day, '10:00'],
    ]);
  });

  it('refuses another salon treatment, dates outside the window, a 4th open entry and the 21st join of a day', async () => {
    const eager = await waiter('Impaziente');
    const day = addDays(today, 2);
    expectRefused(
      await join(eager, { treatment_id: other.piega, from_day: day, to_day: day }),
      'Trattamento non trovato',
    );
    expectRefused(
      await join(eager, { operator_id: other.anna, from_day: day, to_day: day }),
      "L'operatore scelto non esegue questo trattamento",
    );
    expectRefused(
      await join(eager, { from_day: day, to_day: addDays(today, 30) }),
      'Scegli i giorni entro i prossimi 30 giorni',
    );
    expectRefused(
      await join(eager, { from_day: addDays(today, 3), to_day: day }),
      "Il primo giorno viene dopo l'ultimo",
    );
    expectRefused(
      await join(eager, { from_day: day, to_day: day, period: 'Notte' }),
      'Scegli mattina, pomeriggio o sera',
    );

    for (const period of ['Mattina', 'Pomeriggio', 'Sera'])
      expectOk(await join(eager, { from_day: day, to_day: day, period }));
    // The same request again is the same entry.
    expectOk(await join(eager, { from_day: day, to_day: day, period: 'Sera' }));
    expectRefused(
      await join(eager, { treatment_id: salon.ciglia, from_day: day, to_day: day }),
      "Sei già in lista d'attesa per 3 richieste in questo salone: esci da una per aggiungerne un'altra",
    );
    // Another customer cannot take her out; she can.
    const [entry] = (await waitlistOf(eager)).entries;
    expectRefused(
      await salon.client.client.rpc('leave_waitlist', { entry_id: entry!.id }),
      "Non sei in questa lista d'attesa",
    );
    const byTheSalon = await salon.owner.client.rpc('leave_waitlist', { entry_id: entry!.id });
    expect(byTheSalon.status).toBe(403);
    for (const { id } of (await waitlistOf(eager)).entries)
      expect(
        expectOk<Answer>(await eager.persona.client.rpc('leave_waitlist', { entry_id: id })).message,
      ).toBe("Non sei più in lista d'attesa");

    // Joining and leaving, 60 times: after 20 joins in a day, refused.
    const refusals: string[] = [];
    for (let attempt = 0; attempt < 57; attempt += 1) {
      const joined = await join(eager, { from_day: day, to_day: addDays(day, attempt % 20) });
      if (joined.error) refusals.push(joined.error.message);
      else
        expectOk(await eager.persona.client.rpc('leave_waitlist', { entry_id: (joined.data as Answer).id }));
    }
    expect(refusals).toHaveLength(40);
    expect(new Set(refusals)).toEqual(
      new Set(["Troppe richieste di lista d'attesa oggi: riprova domani o chiama il salone"]),
    );
  });

  it('refuses an unconfirmed address, and forgets an erased customer while telling others of her freed slot', async () => {
    const day = addDays(today, 6);
    const unconfirmed = await waiter('Non Confermata', { unconfirmed: true });
    const refused = await join(unconfirmed, { from_day: day, to_day: day });
    expect(refused.error?.message).toBe(
      'Conferma la tua email per prenotare: apri il link che ti abbiamo inviato.',
    );
    expect(refused.error?.hint).toBe('email_unconfirmed');

    const leaving = await waiter('Se Ne Va');
    const staying = await waiter('Resta Attesa');
    expectOk(await join(leaving, { from_day: day, to_day: day }));
    expectOk(await join(staying, { from_day: day, to_day: day }));
    await confirmed(day, '09:00', salon.anna, leaving.joined.client_id);
    expectOk(
      await leaving.persona.client.rpc('erase_my_account', {
        merchant_slug: salon.merchant.slug,
        confirmation: 'ELIMINA',
      }),
    );
    expect(
      await sql('select 1 from app.waitlist_entries where client_id = $1', [leaving.joined.client_id]),
    ).toEqual([]);
    expect((await waitlistOf(staying)).offers.map((offer) => offer.time)).toEqual(['09:00']);
    expect(names(expectOk(await salon.owner.client.rpc('merchant_waitlist', { day })))).toEqual([
      'Resta Attesa',
    ]);
  });

  it('makes one entry of a double tap, and holds the open limit against joins at once', async () => {
    const quick = await waiter('Doppio Tocco');
    const day = addDays(today, 4);
    const [one, two] = await Promise.all([
      join(quick, { from_day: day, to_day: day }),
      join(quick, { from_day: day, to_day: day }),
    ]);
    expect(expectOk<Answer>(one!).id).toBe(expectOk<Answer>(two!).id);
    const rest = await Promise.all(
      ['Pomeriggio', 'Sera', 'Mattina'].map((period, index) =>
        join(quick, { from_day: day, to_day: addDays(day, index), period }),
      ),
    );
    expect(rest.filter((result) => result.error === null)).toHaveLength(2);
    expect((await waitlistOf(quick)).entries).toHaveLength(3);
  });

  it('answers how a freed slot will reach her besides the app: by e-mail only when she keeps it on', async () => {
    const quiet = await waiter('Senza Email');
    const day = addDays(today, 5);
    const channels = async () =>
      expectOk<{ channels: { email: boolean; push: boolean } }>(
        await join(quiet, { from_day: day, to_day: day }),
      ).channels;
    expect(await channels()).toEqual({ email: true, push: false });
    expectOk(
      await quiet.persona.client.rpc('set_my_notification_channels', {
        merchant_slug: salon.merchant.slug,
        email: false,
        push: true,
      }),
    );
    // Push chosen but no phone subscribed: nothing reaches her but the app.
    expect(await channels()).toEqual({ email: false, push: false });
  });

  it('lets an entry expire after its last day', async () => {
    const late = await waiter('Scaduta Attesa');
    const day = addDays(today, 1);
    const { id } = expectOk<Answer>(await join(late, { from_day: day, to_day: day }));
    await sql(`update app.waitlist_entries set from_day = $2, to_day = $2 where id = $1`, [
      id,
      addDays(today, -1),
    ]);
    expect(await waitlistOf(late)).toEqual({ entries: [], offers: [] });
    expect(
      names(expectOk(await salon.owner.client.rpc('merchant_waitlist', { day: addDays(today, -1) }))),
    ).not.toContain('Scaduta Attesa');
    // An expired entry no longer counts among her open ones.
    for (const period of ['Mattina', 'Pomeriggio', 'Sera'])
      expectOk(await join(late, { from_day: day, to_day: day, period }));
  });

  it('goes with a salon deleted whole, its appointments telling nobody', async () => {
    const closing = await openSalon(server, await createAdmin(server), 'Salone Chiuso');
    const day = addDays(today, 2);
    const { persona } = await joinAsClient(server, closing.merchant.slug, { name: 'Ultima Attesa' });
    expectOk(
      await persona.client.rpc('join_waitlist', {
        merchant_slug: closing.merchant.slug,
        treatment_id: closing.piega,
        from_day: day,
        to_day: day,
        period: 'Mattina',
      }),
    );
    await insertReservation(server, closing, { startsAt: romeInstant(day, '10:00'), status: 'confermata' });
    await sql('delete from app.merchants where id = $1', [closing.merchant.id]);
    expect(
      await sql('select 1 from app.waitlist_entries where merchant_id = $1', [closing.merchant.id]),
    ).toEqual([]);
  });
});

const names = (list: unknown) => (list as { client_name: string }[]).map((row) => row.client_name);
