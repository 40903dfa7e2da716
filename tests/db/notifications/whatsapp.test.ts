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
  type Salon,
} from '../../support/fixtures.ts';

interface WhatsApp {
  kind: string;
  url?: string;
  phone?: string;
  missing_reason?: string;
}

/** The wa.me link a salon taps: the client's number in E.164 and the text its reservation calls for. */
describe('notifications: WhatsApp links', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  let today: string;

  const sql = (text: string, values: unknown[]) => server.server.context.db.query(text, values);
  const setPhone = (phone: string | null) =>
    sql('update app.clients set phone = $1 where id = $2', [phone, salon.member.client_id]);
  const reservation = async (day: string, status: string, notes = '') => {
    const id = await insertReservation(server, salon, { startsAt: romeInstant(day, '10:30'), status });
    if (notes) await sql('update app.reservations set notes = $1 where id = $2', [notes, id]);
    return id;
  };
  const whatsapp = async (reservationId: string) =>
    expectOk<WhatsApp>(
      await salon.owner.client.rpc('reservation_whatsapp', { reservation_id: reservationId }),
    );
  const text = (link: WhatsApp) => {
    const url = new URL(link.url!);
    return { number: url.pathname.slice(1), text: url.searchParams.get('text') };
  };
  const italian = (day: string) => day.split('-').reverse().join('-');

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Onda');
    other = await openSalon(server, admin, 'Salone Altrove');
    today = await romeToday(server);
    await sql('update app.merchants set address = $1 where id = $2', [
      'Via Roma 1, Milano',
      salon.merchant.id,
    ]);
    await setPhone('333 123 4567');
  });

  it('writes each kind of message with the date, time, treatment, operator and address', async () => {
    const far = addDays(today, 5);
    const cases: [string, string, string, string][] = [
      [
        far,
        'confermata',
        '',
        `Ciao Giulia Verdi, il tuo appuntamento da Salone Onda è confermato: Piega con Anna, ${italian(far)} alle 10:30, in Via Roma 1, Milano. Ti aspettiamo!`,
      ],
      [
        addDays(today, 1),
        'confermata',
        '',
        `Ciao Giulia Verdi, ti ricordiamo il tuo appuntamento da Salone Onda: Piega con Anna, ${italian(addDays(today, 1))} alle 10:30, in Via Roma 1, Milano. Se non puoi venire, avvisaci.`,
      ],
      [
        today,
        'confermata',
        '',
        'Ciao Giulia Verdi, ti aspettiamo oggi alle 10:30 da Salone Onda per Piega con Anna, in Via Roma 1, Milano.',
      ],
      [
        far,
        'modificata',
        'Anna è libera solo la mattina',
        `Ciao Giulia Verdi, Salone Onda ti propone un nuovo orario: Piega con Anna, ${italian(far)} alle 10:30. Nota: Anna è libera solo la mattina. Puoi accettarlo o rifiutarlo nell'app.`,
      ],
      [
        far,
        'rifiutata',
        'Siamo al completo',
        `Ciao Giulia Verdi, purtroppo Salone Onda non può accogliere la tua richiesta: Piega con Anna, ${italian(far)} alle 10:30. Motivo: Siamo al completo`,
      ],
      [
        far,
        'annullata',
        'Anna è malata',
        `Ciao Giulia Verdi, il tuo appuntamento da Salone Onda è stato annullato: Piega con Anna, ${italian(far)} alle 10:30. Motivo: Anna è malata`,
      ],
      [
        far,
        'in attesa',
        '',
        `Ciao Giulia Verdi, ti scriviamo da Salone Onda per la tua richiesta: Piega con Anna, ${italian(far)} alle 10:30.`,
      ],
    ];
    const kinds = [];
    for (const [day, status, notes, expected] of cases) {
      const link = await whatsapp(await reservation(day, status, notes));
      expect(link.url).toMatch(/^https:\/\/wa\.me\/393331234567\?text=[A-Za-z0-9._~%-]+$/);
      expect(link.phone).toBe('+393331234567');
      expect(text(link)).toEqual({ number: '393331234567', text: expected });
      kinds.push(link.kind);
    }
    expect(kinds).toEqual([
      'confirmation',
      'reminder',
      'waiting',
      'change_proposed',
      'rejection',
      'cancellation',
      'request',
    ]);
  });

  it('writes the number in E.164 however it was typed, and says why when it cannot', async () => {
    const id = await reservation(addDays(today, 6), 'confermata');
    await setPhone('+41 79 123 45 67');
    expect(text(await whatsapp(id)).number).toBe('41791234567');
    await setPhone('0039 02 1234 5678');
    expect(text(await whatsapp(id)).number).toBe('390212345678');
    await setPhone(null);
    expect(await whatsapp(id)).toEqual({
      kind: 'confirmation',
      missing_reason: 'Numero di telefono mancante',
    });
    await setPhone('12');
    expect(await whatsapp(id)).toEqual({
      kind: 'confirmation',
      missing_reason: 'Numero di telefono non valido',
    });
    await setPhone('333 123 4567');
  });

  it('puts the same link on the inbox rows and the calendar appointments', async () => {
    const day = addDays(today, 2);
    const id = await reservation(day, 'confermata');
    const link = await whatsapp(id);
    const page = expectOk<{ reservations: { id: string; whatsapp: WhatsApp }[] }>(
      await salon.owner.client.rpc('merchant_reservations_page', { section: 'upcoming', page_size: 100 }),
    );
    expect(page.reservations.find((row) => row.id === id)?.whatsapp).toEqual(link);
    const calendar = expectOk<{ days: { appointments: { id: string; whatsapp: WhatsApp }[] }[] }>(
      await salon.owner.client.rpc('merchant_calendar', { from_day: day, day_count: 1 }),
    );
    expect(calendar.days[0]!.appointments.find((row) => row.id === id)?.whatsapp).toEqual(link);
  });

  it('gives the client "Scrivi al salone" on the salon\'s number, and nobody else', async () => {
    const link = expectOk<WhatsApp>(
      await salon.client.client.rpc('salon_whatsapp', { merchant_slug: salon.merchant.slug }),
    );
    expect(text(link)).toEqual({ number: '390612345678', text: 'Ciao Salone Onda, sono Giulia Verdi. ' });
    await sql('update app.merchants set phone = $1 where id = $2', ['06', salon.merchant.id]);
    expect(
      expectOk(await salon.client.client.rpc('salon_whatsapp', { merchant_slug: salon.merchant.slug })),
    ).toEqual({ missing_reason: 'Numero di telefono non valido' });
    await sql('update app.merchants set phone = $1 where id = $2', ['0612345678', salon.merchant.id]);
    for (const stranger of [salon.owner.client, other.client.client]) {
      const { error } = await stranger.rpc('salon_whatsapp', { merchant_slug: salon.merchant.slug });
      expect(error).not.toBeNull();
    }
  });

  it('puts a greeting from the salon on each client of Clienti', async () => {
    const clients = async () =>
      expectOk<{ clients: { id: string; whatsapp: WhatsApp }[] }>(
        await salon.owner.client.rpc('merchant_clients', { search: 'Giulia' }),
      ).clients;
    const [giulia] = await clients();
    expect(text(giulia!.whatsapp)).toEqual({
      number: '393331234567',
      text: 'Ciao Giulia Verdi, ti scriviamo da Salone Onda. ',
    });
    await setPhone('');
    expect((await clients())[0]!.whatsapp).toEqual({ missing_reason: 'Numero di telefono mancante' });
    await setPhone('333 123 4567');
  });

  it("refuses another salon's reservation, a client and anyone signed out", async () => {
    const id = await reservation(addDays(today, 3), 'confermata');
    expectRefused(
      await other.owner.client.rpc('reservation_whatsapp', { reservation_id: id }),
      'Prenotazione non trovata',
    );
    expect(
      (await salon.client.client.rpc('reservation_whatsapp', { reservation_id: id })).error,
    ).not.toBeNull();
    expect((await server.client().rpc('reservation_whatsapp', { reservation_id: id })).error).not.toBeNull();
  });
});
