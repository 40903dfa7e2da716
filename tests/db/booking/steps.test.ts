import { beforeAll, describe, expect, it } from 'vitest';
import { joinAsClient } from '../../support/personas.ts';
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

interface BookingDay {
  date: string;
  closed: boolean;
}
interface Period {
  period: string;
  times: string[];
}
type SectionRow = ReservationRow & {
  cancel_until: string | null;
  cancel_refusal: string | null;
  calendar_file: boolean;
  visit_id: string | null;
  visit_part: number | null;
};
interface Sections {
  upcoming: SectionRow[];
  past: SectionRow[];
}

describe('booking: what the customer’s Prenota steps read', () => {
  const server = useTestServer();
  let salon: Salon;
  let today: string;

  beforeAll(async () => {
    salon = await openSalon(server, await createAdmin(server), 'Salone Passi');
    today = await romeToday(server);
  });

  const merchant = (fn: string, args: Record<string, unknown>) => salon.owner.client.rpc(fn, args);
  const client = (fn: string, args: Record<string, unknown>) => salon.client.client.rpc(fn, args);
  const slug = () => ({ merchant_slug: salon.merchant.slug });
  const days = async () => expectOk<BookingDay[]>(await client('booking_days', slug()));
  const closedDays = async () => (await days()).filter((day) => day.closed).map((day) => day.date);
  const weekdayOf = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

  it('lists the 30 days of the window, today first, the same as booking_dates, none closed by default', async () => {
    const window = await days();
    expect(window).toHaveLength(30);
    expect(window.map((day) => day.date)).toEqual(expectOk<string[]>(await client('booking_dates', slug())));
    expect(window[0]!.date).toBe(today);
    expect(window[29]!.date).toBe(addDays(today, 29));
    expect(await closedDays()).toEqual([]);
  });

  it('marks a closure date and the weekdays without opening hours as closed', async () => {
    const holiday = addDays(today, 5);
    expectOk(await merchant('set_salon_closure', { day: holiday }));
    expect(await closedDays()).toEqual([holiday]);

    const open = weekdayOf(addDays(today, 1));
    expectOk(
      await merchant('set_opening_hours', { hours: [{ weekday: open, opens: '09:00', closes: '13:00' }] }),
    );
    const closed = await closedDays();
    const expected = (await days())
      .map((day) => day.date)
      .filter((date) => weekdayOf(date) !== open || date === holiday);
    expect(closed).toEqual(expected);
    expect(closed.length).toBeGreaterThanOrEqual(24);
    // A closed day offers no time, an open one does.
    const notOpen = closed.find((date) => date !== today)!;
    expect(
      expectOk<Period[]>(
        await client('free_time_periods', { ...slug(), treatment_id: salon.piega, date: notOpen }),
      ),
    ).toEqual([]);

    expectOk(await merchant('set_opening_hours', { hours: [] }));
    expectOk(await merchant('set_salon_closure', { day: holiday, closed: false }));
    expect(await closedDays()).toEqual([]);
  });

  it('groups the free times into Mattina (before 12), Pomeriggio (12–17:59) and Sera (from 18), in Rome time', async () => {
    const day = addDays(today, 3);
    const args = { ...slug(), treatment_id: salon.ciglia, date: day };
    const periods = expectOk<Period[]>(await client('free_time_periods', args));
    expect(periods.map((group) => group.period)).toEqual(['Mattina', 'Pomeriggio', 'Sera']);
    const [morning, afternoon, evening] = periods.map((group) => group.times);
    expect(morning![0]).toBe('09:00');
    expect(morning!.at(-1)).toBe('11:45');
    expect(afternoon![0]).toBe('12:00');
    expect(afternoon!.at(-1)).toBe('17:45');
    expect(evening![0]).toBe('18:00');
    // The groups hold exactly the free times, in order.
    expect(periods.flatMap((group) => group.times)).toEqual(
      expectOk<string[]>(await client('free_times', args)),
    );

    // A busy evening leaves the group out; the salon's own modify dialog may read the same.
    for (const time of ['18:00', '18:30', '19:00'])
      await insertReservation(server, salon, {
        startsAt: romeInstant(day, time),
        status: 'confermata',
        minutes: 30,
      });
    const withAnna = expectOk<Period[]>(
      await merchant('free_time_periods', { ...args, operator_id: salon.anna }),
    );
    expect(withAnna.map((group) => group.period)).toEqual(['Mattina', 'Pomeriggio']);
    expect(withAnna[1]!.times.at(-1)).toBe('17:30');
  });

  it('splits the customer’s reservations into upcoming (soonest first) and past (latest first)', async () => {
    const { persona: fresh, joined } = await joinAsClient(server, salon.merchant.slug, { name: 'Lia Bassi' });
    const own = (options: Parameters<typeof insertReservation>[2]) =>
      insertReservation(server, salon, { ...options, clientId: joined.client_id, operatorId: salon.bea });
    const far = await own({ startsAt: `now() + interval '5 days'`, status: 'confermata' });
    const near = await own({ startsAt: `now() + interval '3 hours'`, status: 'confermata' });
    const pending = await own({ startsAt: `now() + interval '2 days'` });
    const cancelled = await own({ startsAt: `now() + interval '4 days'`, status: 'annullata' });
    const done = await own({ startsAt: `now() - interval '3 days'`, status: 'confermata' });
    const expired = await own({ startsAt: `now() - interval '10 minutes'` });
    const ongoing = await own({ startsAt: `now() - interval '10 minutes'`, status: 'confermata' });

    const sections = expectOk<Sections>(await fresh.client.rpc('client_reservation_sections', slug()));
    expect(sections.upcoming.map((row) => row.id)).toEqual([ongoing, near, pending, cancelled, far]);
    expect(sections.past.map((row) => row.id)).toEqual([expired, done]);
    expect(sections.past[0]).toMatchObject({ status: 'scaduta', actions: [] });
    // A calendar file for the confirmed appointments still to come, and only for them.
    const withFile = [...sections.upcoming, ...sections.past].filter((row) => row.calendar_file);
    expect(withFile.map((row) => row.id).sort()).toEqual(
      [...sections.upcoming, ...sections.past]
        .filter((row) => row.status === 'confermata' && Date.parse(row.ends_at) > Date.now())
        .map((row) => row.id)
        .sort(),
    );
    expect(withFile.map((row) => row.id)).toContain(ongoing);
    expect(withFile.map((row) => row.id)).not.toContain(pending);
    expect(withFile.map((row) => row.id)).not.toContain(done);

    // Each row is the list's row, actions included.
    const rows = expectOk<ReservationRow[]>(await fresh.client.rpc('client_reservations', slug()));
    for (const row of [...sections.upcoming, ...sections.past]) {
      const {
        cancel_until: _until,
        cancel_refusal: _refusal,
        calendar_file: _file,
        visit_id: visitId,
        visit_part: visitPart,
        ...listed
      } = row;
      expect(listed).toEqual(rows.find((candidate) => candidate.id === row.id));
      // One treatment each: no visit.
      expect([visitId, visitPart]).toEqual([null, null]);
    }
    // The other customer of the salon sees none of these.
    const other = expectOk<Sections>(await client('client_reservation_sections', slug()));
    expect([...other.upcoming, ...other.past].map((row) => row.id)).not.toContain(far);
  });

  it('says until when a confirmed appointment may be cancelled online, and why not any more', async () => {
    const { persona: fresh, joined } = await joinAsClient(server, salon.merchant.slug, { name: 'Ada Conti' });
    const own = (startsAt: string, status: string) =>
      insertReservation(server, salon, {
        startsAt,
        status,
        clientId: joined.client_id,
        operatorId: salon.bea,
      });
    const far = await own(`now() + interval '48 hours'`, 'confermata');
    const near = await own(`now() + interval '10 hours'`, 'confermata');
    const pending = await own(`now() + interval '10 hours'`, 'in attesa');
    const sections = async () =>
      expectOk<Sections>(await fresh.client.rpc('client_reservation_sections', slug()));
    const row = async (id: string) => (await sections()).upcoming.find((candidate) => candidate.id === id)!;

    const farRow = await row(far);
    expect(farRow.actions).toEqual(['cancel', 'move']);
    expect(farRow.cancel_refusal).toBeNull();
    expect(new Date(farRow.starts_at).getTime() - new Date(farRow.cancel_until!).getTime()).toBe(
      24 * 3600_000,
    );

    const nearRow = await row(near);
    expect(nearRow.actions).toEqual([]);
    expect(nearRow.cancel_until).toBeNull();
    const refused = await fresh.client.rpc('cancel_reservation', { reservation_id: near });
    expect(refused.error?.message).toBe(nearRow.cancel_refusal);
    expect(nearRow.cancel_refusal).toBe(
      "Non è più possibile annullare online: mancano meno di 24 ore all'appuntamento. Chiama il salone al 0612345678",
    );

    // A request may be cancelled up to its start: no deadline to show, no refusal.
    expect(await row(pending)).toMatchObject({
      actions: ['cancel', 'move'],
      cancel_until: null,
      cancel_refusal: null,
    });

    // A shorter notice moves the deadline and lifts the refusal.
    expectOk(await merchant('set_cancellation_notice', { hours: 2 }));
    const later = await row(near);
    expect(later).toMatchObject({ actions: ['cancel', 'move'], cancel_refusal: null });
    expect(new Date(later.starts_at).getTime() - new Date(later.cancel_until!).getTime()).toBe(2 * 3600_000);
    expectOk(await fresh.client.rpc('cancel_reservation', { reservation_id: near }));
    expect(await row(near)).toMatchObject({ status: 'annullata', cancel_until: null, cancel_refusal: null });
    expectOk(await merchant('set_cancellation_notice', { hours: 24 }));
  });
});
