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

interface Shaded {
  operator_id: string;
  kind: 'closed' | 'away';
  from_minutes: number;
  to_minutes: number;
}
interface Appointment {
  id: string;
  client_name: string;
  client_phone: string | null;
  treatment_name: string;
  operator_id: string | null;
  operator_name: string;
  time: string;
  ends: string;
  duration_minutes: number;
  notes: string | null;
  actions: string[];
  offset_minutes: number;
  length_minutes: number;
}
interface CalendarDay {
  date: string;
  closed: boolean;
  shaded: Shaded[];
  appointments: Appointment[];
}
interface Calendar {
  today: string;
  from_day: string;
  previous_from_day: string;
  next_from_day: string;
  slot_minutes: number;
  slots: string[];
  operators: { id: string | null; name: string }[];
  days: CalendarDay[];
}

/** ISO weekday (1 = Monday) of a 'YYYY-MM-DD' date. */
const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The shaded ranges of one operator as 'kind from-to' in minutes from the first row. */
const shadedOf = (day: CalendarDay, operatorId: string) =>
  day.shaded
    .filter((range) => range.operator_id === operatorId)
    .map((range) => `${range.kind} ${range.from_minutes}-${range.to_minutes}`);

describe('booking: the merchant’s calendar, placed on the grid by the database', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  let today: string;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Calendario');
    other = await openSalon(server, admin, 'Salone Vicino');
    today = await romeToday(server);
    await server.server.context.db.query(`update app.clients set phone = '3331112222' where id = $1`, [
      salon.member.client_id,
    ]);
  });

  const calendar = async (args: Record<string, unknown>) =>
    expectOk<Calendar>(await salon.owner.client.rpc('merchant_calendar', args));

  it('places the confirmed appointments of a day in minutes from the first row, nothing shaded by default', async () => {
    const day = addDays(today, 3);
    const confirmed = await insertReservation(server, salon, {
      startsAt: romeInstant(day, '10:30'),
      status: 'confermata',
    });
    await insertReservation(server, salon, {
      startsAt: romeInstant(day, '19:00'),
      minutes: 45,
      status: 'confermata',
      operatorId: salon.bea,
    });
    // Not in the calendar: a request still to answer, a rejected one, another salon's appointment.
    await insertReservation(server, salon, { startsAt: romeInstant(day, '12:00') });
    await insertReservation(server, salon, { startsAt: romeInstant(day, '13:00'), status: 'rifiutata' });
    await insertReservation(server, other, { startsAt: romeInstant(day, '11:00'), status: 'confermata' });

    const shown = await calendar({ from_day: day, day_count: 1 });
    expect(shown.today).toBe(today);
    expect(shown.from_day).toBe(day);
    expect(shown.previous_from_day).toBe(addDays(day, -1));
    expect(shown.next_from_day).toBe(addDays(day, 1));
    expect(shown.slot_minutes).toBe(15);
    // Whole hours from the grid's 09:00 to 20:00, past the 19:45 end of the last appointment.
    expect(shown.slots[0]).toBe('09:00');
    expect(shown.slots[1]).toBe('09:15');
    expect(shown.slots.at(-1)).toBe('19:45');
    expect(shown.slots).toHaveLength(44);
    expect(shown.operators).toEqual([
      { id: salon.anna, name: 'Anna' },
      { id: salon.bea, name: 'Bea' },
    ]);
    expect(shown.days).toHaveLength(1);
    const [only] = shown.days;
    expect(only!.date).toBe(day);
    expect(only!.closed).toBe(false);
    expect(only!.shaded).toEqual([]);
    expect(only!.appointments.map((a) => [a.time, a.ends, a.operator_name])).toEqual([
      ['10:30', '11:30', 'Anna'],
      ['19:00', '19:45', 'Bea'],
    ]);
    const first = only!.appointments[0]!;
    expect(first).toMatchObject({
      id: confirmed,
      client_name: 'Giulia Verdi',
      client_phone: '3331112222',
      treatment_name: 'Piega',
      duration_minutes: 60,
      offset_minutes: 90,
      length_minutes: 60,
      actions: ['cancel'],
    });
    expect(only!.appointments[1]).toMatchObject({ offset_minutes: 600, length_minutes: 45 });
  });

  it('shades closed hours for everyone and an operator’s hours off and absences for that operator', async () => {
    const day = addDays(today, 5);
    const weekday = isoWeekday(day);
    expectOk(
      await salon.owner.client.rpc('set_opening_hours', {
        hours: [
          { weekday, opens: '08:00', closes: '12:00' },
          { weekday, opens: '15:00', closes: '18:30' },
        ],
      }),
    );
    expectOk(
      await salon.owner.client.rpc('set_operator_hours', {
        operator_id: salon.anna,
        // Inside the salon's two ranges (the database refuses hours outside them).
        hours: [
          { weekday, opens: '09:00', closes: '12:00' },
          { weekday, opens: '15:00', closes: '17:00' },
        ],
      }),
    );
    expectOk(
      await salon.owner.client.rpc('add_operator_absence', {
        operator_id: salon.bea,
        from_day: day,
        to_day: day,
      }),
    );
    try {
      const shown = await calendar({ from_day: day, day_count: 1 });
      // 08:00 (the salon opens before the grid) to 19:00 (the grid's last start plus a slot, whole hours).
      expect(shown.slots[0]).toBe('08:00');
      expect(shown.slots.at(-1)).toBe('19:45');
      const [shownDay] = shown.days;
      expect(shownDay!.closed).toBe(false);
      // Minutes from 08:00: closed 12:00-15:00 and 18:30-20:00; Anna off 08:00-09:00 and 17:00-18:30.
      expect(shadedOf(shownDay!, salon.anna)).toEqual([
        'away 0-60',
        'closed 240-420',
        'away 540-630',
        'closed 630-720',
      ]);
      // Bea is absent: every open slot is hers to miss.
      expect(shadedOf(shownDay!, salon.bea)).toEqual([
        'away 0-240',
        'closed 240-420',
        'away 420-630',
        'closed 630-720',
      ]);
      // The day after is a weekday without hours: closed all day.
      const next = await calendar({ from_day: addDays(day, 1), day_count: 1 });
      expect(next.days[0]!.closed).toBe(true);
      expect(shadedOf(next.days[0]!, salon.anna)).toEqual([`closed 0-${next.slots.length * 15}`]);
    } finally {
      expectOk(await salon.owner.client.rpc('set_opening_hours', { hours: [] }));
      expectOk(await salon.owner.client.rpc('set_operator_hours', { operator_id: salon.anna, hours: [] }));
    }
  });

  it('closes a closure day for every operator', async () => {
    const day = addDays(today, 8);
    expectOk(await salon.owner.client.rpc('set_salon_closure', { day }));
    const shown = await calendar({ from_day: day, day_count: 1 });
    const whole = `closed 0-${shown.slots.length * 15}`;
    expect(shown.days[0]!.closed).toBe(true);
    expect(shadedOf(shown.days[0]!, salon.anna)).toEqual([whole]);
    expect(shadedOf(shown.days[0]!, salon.bea)).toEqual([whole]);
  });

  it('gives a week from today by default, with the appointments of an operator since removed', async () => {
    const day = addDays(today, 2);
    const carla = expectOk<{ id: string }>(
      await salon.owner.client.rpc('add_operator', {
        name: 'Carla',
        image_path: `${salon.merchant.id}/c.png`,
      }),
    ).id;
    await insertReservation(server, salon, {
      startsAt: romeInstant(day, '16:00'),
      status: 'confermata',
      operatorId: carla,
    });
    // Removed behind the api's back (the api keeps operators with future appointments).
    await server.server.context.db.transaction(async (tx) => {
      await tx.exec('set local session_replication_role = replica');
      await tx.query('delete from app.operators where id = $1', [carla]);
      await tx.query('update app.reservations set operator_id = null where operator_id = $1', [carla]);
    });
    const week = await calendar({});
    expect(week.from_day).toBe(today);
    expect(week.days.map((shown) => shown.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => addDays(today, index)),
    );
    expect(week.previous_from_day).toBe(addDays(today, -7));
    expect(week.next_from_day).toBe(addDays(today, 7));
    expect(week.operators.at(-1)).toEqual({ id: null, name: 'Senza operatore' });
    const withoutOperator = week.days[2]!.appointments.find((a) => a.operator_id === null);
    expect(withoutOperator).toMatchObject({ time: '16:00', operator_name: 'Carla' });
    // The days placed earlier in the week are there too.
    expect(week.days[3]!.appointments.map((a) => a.time)).toEqual(['10:30', '19:00']);
  });

  it('answers a busy week quickly: 20 appointments a day for four operators', async () => {
    const busy = await openSalon(server, await createAdmin(server), 'Salone Pieno');
    for (const name of ['Carla', 'Dora'])
      expectOk(
        await busy.owner.client.rpc('add_operator', { name, image_path: `${busy.merchant.id}/${name}.png` }),
      );
    expectOk(
      await busy.owner.client.rpc('set_opening_hours', {
        hours: [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => [
          { weekday, opens: '09:00', closes: '13:00' },
          { weekday, opens: '14:00', closes: '19:00' },
        ]),
      }),
    );
    // Each operator: five 45-minute appointments a day, every day of the week.
    await server.server.context.db.query(
      `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
         starts_at, ends_at, status)
       select o.merchant_id, $2, $3, 'Piega', o.id, s, s + interval '45 minutes', 'confermata'
         from app.operators o,
              generate_series(0, 6) as d,
              unnest(array[time '09:00', '10:00', '11:00', '15:00', '16:00']) as t,
              lateral (select (($4::date + d) + t) at time zone 'Europe/Rome' as s) as start
        where o.merchant_id = $1`,
      [busy.merchant.id, busy.member.client_id, busy.piega, addDays(today, 1)],
    );
    const week = expectOk<Calendar>(
      await busy.owner.client.rpc('merchant_calendar', { from_day: addDays(today, 1) }),
    );
    expect(week.days.map((day) => day.appointments.length)).toEqual([20, 20, 20, 20, 20, 20, 20]);
    // Compiling the query (PostgreSQL's jit) once took seconds; the function runs without it.
    const { rows } = await server.server.context.db.query<{ config: string[] | null }>(
      `select proconfig as config from pg_proc where oid = 'api.merchant_calendar(date, integer)'::regprocedure`,
    );
    expect(rows[0]!.config).toContain('jit=off');
  });

  it('refuses bad ranges, customers and strangers', async () => {
    for (const dayCount of [0, 8, -1]) {
      expectRefused(
        await salon.owner.client.rpc('merchant_calendar', { day_count: dayCount }),
        'Il calendario mostra da 1 a 7 giorni',
      );
    }
    expectRefused(
      await salon.owner.client.rpc('merchant_calendar', { from_day: addDays(today, 400) }),
      'Scegli un giorno entro un anno da oggi',
    );
    const customer = await salon.client.client.rpc('merchant_calendar', {});
    expect(customer.status).toBe(403);
    const anonymous = await server.client().rpc('merchant_calendar', {});
    expect(anonymous.status).toBe(401);
  });
});
