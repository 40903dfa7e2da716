import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  addDays,
  createAdmin,
  expectOk,
  expectRefused,
  openSalon,
  romeInstant,
  romeToday,
  type Answer,
  type ReservationRow,
  type Salon,
} from '../../support/fixtures.ts';

const slotTaken = "Orario non disponibile: l'operatore ha già un appuntamento confermato in questa fascia";
const badPause = 'La pausa dopo il trattamento deve essere tra 0 e 60 minuti, a multipli di 5';
const halfProcessing = "Indica sia l'inizio sia la durata del tempo di posa";
const processingOutside =
  'Il tempo di posa deve cominciare e finire dentro la durata del trattamento, a multipli di 5 minuti';

interface TreatmentRow {
  id: string;
  buffer_minutes: number;
  processing_offset_minutes: number | null;
  processing_minutes: number | null;
}

/** A treatment's pause after it keeps its operator busy; its processing gap frees the operator inside it. */
describe('booking: the pause after a treatment and its processing time', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  let today: string;
  let pulizia: string; // 60 minutes and a 15-minute pause, Anna only
  let colore: string; // 90 minutes, processing from minute 30 for 40 minutes, Anna only

  const merchant = (fn: string, args: Record<string, unknown>) => salon.owner.client.rpc(fn, args);
  const client = (fn: string, args: Record<string, unknown>) =>
    salon.client.client.rpc(fn, { merchant_slug: salon.merchant.slug, ...args });
  const book = async (treatment: string, date: string, time: string) =>
    expectOk<Answer>(
      await client('book_reservation', { treatment_id: treatment, operator_id: salon.anna, date, time }),
    ).id!;
  const confirm = async (id: string) =>
    expectOk(await merchant('confirm_reservation', { reservation_id: id }));
  const annaFree = async (treatment: string, date: string) =>
    expectOk<string[]>(
      await client('free_times', { treatment_id: treatment, operator_id: salon.anna, date }),
    );
  const agendaEntry = async (date: string, id: string) => {
    const calendar = expectOk<{ days: { appointments: Record<string, unknown>[] }[] }>(
      await merchant('merchant_calendar', { from_day: date, day_count: 1 }),
    );
    return calendar.days[0]!.appointments.find((appointment) => appointment.id === id);
  };
  const treatment = (args: Record<string, unknown>) =>
    merchant('add_treatment', {
      name: 'Prova',
      description: 'Prova',
      duration_minutes: 60,
      price: 10,
      ...args,
    });
  const overlappingSpans = async () =>
    Number(
      (
        await server.server.context.db.query<{ n: number | string }>(
          `select count(*) as n from app.reservations a join app.reservations b
             on a.operator_id = b.operator_id and a.id < b.id
            where a.status = 'confermata' and b.status = 'confermata' and a.operator_busy && b.operator_busy`,
        )
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Posa');
    other = await openSalon(server, admin, 'Salone Altrove');
    today = await romeToday(server);
    const added = async (args: Record<string, unknown>) => expectOk<Answer>(await treatment(args)).id!;
    pulizia = await added({ name: 'Pulizia viso', operator_ids: [salon.anna], buffer_minutes: 15 });
    colore = await added({
      name: 'Colore',
      duration_minutes: 90,
      operator_ids: [salon.anna],
      processing_offset_minutes: 30,
      processing_minutes: 40,
    });
  });

  it('refuses a pause or a processing time out of bounds, in Italian', async () => {
    for (const buffer_minutes of [-5, 65, 7, null])
      expectRefused(await treatment({ buffer_minutes }), badPause);
    expectRefused(await treatment({ processing_offset_minutes: 20 }), halfProcessing);
    expectRefused(await treatment({ processing_minutes: 20 }), halfProcessing);
    for (const [offset, minutes] of [
      [0, 20],
      [20, 0],
      [30, 30],
      [50, 20],
      [12, 20],
      [20, 12],
    ])
      expectRefused(
        await treatment({ processing_offset_minutes: offset, processing_minutes: minutes }),
        processingOutside,
      );
    expectRefused(
      await merchant('update_treatment', {
        treatment_id: colore,
        name: 'Colore',
        description: 'Prova',
        duration_minutes: 60,
        price: 10,
        processing_offset_minutes: 30,
        processing_minutes: 40,
      }),
      processingOutside,
    );
  });

  it('lists and changes the timing; another salon cannot change it', async () => {
    const rows = expectOk<TreatmentRow[]>(await merchant('list_treatments', {}));
    expect(rows.find((row) => row.id === pulizia)).toMatchObject({
      buffer_minutes: 15,
      processing_offset_minutes: null,
      processing_minutes: null,
    });
    expect(rows.find((row) => row.id === colore)).toMatchObject({
      buffer_minutes: 0,
      processing_offset_minutes: 30,
      processing_minutes: 40,
    });
    const change = {
      treatment_id: pulizia,
      name: 'Pulizia viso',
      description: 'Prova',
      duration_minutes: 60,
      price: 10,
      operator_ids: [salon.anna],
      buffer_minutes: 15,
    };
    expectRefused(
      await other.owner.client.rpc('update_treatment', { ...change, operator_ids: null }),
      'Trattamento non trovato',
    );
    expectOk(await merchant('update_treatment', { ...change, buffer_minutes: 20 }));
    expectOk(await merchant('update_treatment', change));
    const { data } = await other.owner.client.rpc('list_treatments');
    expect((data as TreatmentRow[]).map((row) => row.id)).not.toContain(pulizia);
  });

  it('keeps the operator busy for the pause, while the client sees the treatment’s own duration', async () => {
    const day = addDays(today, 3);
    const id = await book(pulizia, day, '10:00');
    await confirm(id);
    const free = await annaFree(salon.ciglia, day);
    for (const busy of ['10:00', '10:45', '11:00']) expect(free).not.toContain(busy);
    expect(free).toContain('09:30');
    expect(free).toContain('11:15');
    // The pause must fit before the next appointment too: 09:00 would end at 10:00 and clean until 10:15.
    expect(await annaFree(pulizia, day)).not.toContain('09:00');
    expectRefused(
      await client('book_reservation', {
        treatment_id: salon.ciglia,
        operator_id: salon.anna,
        date: day,
        time: '11:00',
      }),
      slotTaken,
    );
    expect(await agendaEntry(day, id)).toMatchObject({
      length_minutes: 60,
      buffer_minutes: 15,
      processing_offset_minutes: null,
      processing_minutes: null,
    });
    const mine = expectOk<ReservationRow[]>(await client('client_reservations', {}));
    const row = mine.find((reservation) => reservation.id === id)!;
    expect(row.duration_minutes).toBe(60);
    expect(row.time).toBe('10:00');
    expect(new Date(row.ends_at).getTime() - new Date(row.starts_at).getTime()).toBe(60 * 60_000);
  });

  it('frees the operator during the processing time, and the constraint itself holds the spans', async () => {
    const day = addDays(today, 4);
    const coloured = await book(colore, day, '14:00');
    await confirm(coloured);
    expect(await agendaEntry(day, coloured)).toMatchObject({
      length_minutes: 90,
      buffer_minutes: 0,
      processing_offset_minutes: 30,
      processing_minutes: 40,
    });
    // Busy 14:00-14:30 and 15:10-15:30; Ciglia (30 minutes) fits at 14:30 only.
    const free = await annaFree(salon.ciglia, day);
    expect(free).toContain('14:30');
    for (const busy of ['14:00', '14:15', '14:45', '15:00', '15:15']) expect(free).not.toContain(busy);
    const during = await book(salon.ciglia, day, '14:30');
    await confirm(during);
    expect(await overlappingSpans()).toBe(0);

    const insertConfirmed = (starts: string, minutes: number) =>
      server.server.context.db.query(
        `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
           starts_at, ends_at, status)
         select $1, $2, $3, 'Ciglia', $4, s, s + make_interval(mins => $5), 'confermata'
           from (select ${romeInstant(day, starts)} as s) as start`,
        [salon.merchant.id, salon.member.client_id, salon.ciglia, salon.anna, minutes],
      );
    await expect(insertConfirmed('14:55', 10)).rejects.toThrow('reservations_operator_never_double_booked');
    await expect(insertConfirmed('15:05', 10)).rejects.toThrow('reservations_operator_never_double_booked');
    await insertConfirmed('15:00', 10);
    expect(await overlappingSpans()).toBe(0);
  });

  it('lets one of two confirms at once take a slot that the other’s pause reaches', async () => {
    const day = addDays(today, 5);
    const cleaning = await book(pulizia, day, '16:00');
    const next = await book(salon.ciglia, day, '17:00');
    const answers = await Promise.all(
      [cleaning, next].map((id) => merchant('confirm_reservation', { reservation_id: id })),
    );
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
    expect(answers.find((answer) => answer.error !== null)?.error?.message).toBe(slotTaken);
    expect(await overlappingSpans()).toBe(0);
  });
});
