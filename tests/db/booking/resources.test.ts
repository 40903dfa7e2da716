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
  type Salon,
} from '../../support/fixtures.ts';

const resourceTaken =
  "Orario non disponibile: una cabina o un'attrezzatura necessaria è già occupata in questa fascia";
const laserTaken = "Orario non disponibile: Laser è già in uso in quell'orario";
const slotTaken = "Orario non disponibile: l'operatore ha già un appuntamento confermato in questa fascia";
const notMerchant = 'Accesso negato: questo account non è un commerciante';

interface ResourceRow {
  id: string;
  name: string;
  active: boolean;
  treatment_ids: string[];
}

/** Cabins and equipment: never used twice at once, needed together with a free operator. */
describe('booking: cabins and equipment a treatment needs', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  let today: string;
  let laser: string;
  let laserTreatment: string; // 30 minutes, every operator, needs the laser

  const merchant = (fn: string, args: Record<string, unknown> = {}) => salon.owner.client.rpc(fn, args);
  const client = (fn: string, args: Record<string, unknown>) =>
    salon.client.client.rpc(fn, { merchant_slug: salon.merchant.slug, ...args });
  const free = async (treatment: string, operator: string, date: string) =>
    expectOk<string[]>(await client('free_times', { treatment_id: treatment, operator_id: operator, date }));
  const pending = async (treatment: string, operator: string | null, date: string, time: string) => {
    const { rows } = await server.server.context.db.query<{ id: string }>(
      `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
         starts_at, ends_at)
       select $1, $2, $3, 'Laser', $4, s, s + interval '30 minutes'
         from (select ${romeInstant(date, time)} as s) as start
       returning id`,
      [salon.merchant.id, salon.member.client_id, treatment, operator],
    );
    return rows[0]!.id;
  };
  const clashes = async () =>
    Number(
      (
        await server.server.context.db.query<{ n: number | string }>(
          `select count(*) as n from app.resource_bookings a join app.resource_bookings b
             on a.resource_id = b.resource_id and a.reservation_id < b.reservation_id
            where a.busy && b.busy`,
        )
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Cabine');
    other = await openSalon(server, admin, 'Salone Vicino Cabine');
    today = await romeToday(server);
    laser = expectOk<Answer>(await merchant('add_resource', { name: 'Laser' })).id!;
    laserTreatment = expectOk<Answer>(
      await merchant('add_treatment', {
        name: 'Epilazione laser',
        description: 'Gambe',
        duration_minutes: 30,
        price: 80,
      }),
    ).id!;
    expectOk(
      await merchant('set_treatment_resources', { treatment_id: laserTreatment, resource_ids: [laser] }),
    );
  });

  it('lets only the salon list, name, switch off and delete its resources', async () => {
    expectRefused(await merchant('add_resource', { name: '  ' }), 'Il nome della risorsa è obbligatorio');
    const cabin = expectOk<Answer>(await merchant('add_resource', { name: 'Cabina 1' })).id!;
    expect(expectOk<ResourceRow[]>(await merchant('list_resources'))).toEqual([
      expect.objectContaining({ id: laser, name: 'Laser', active: true, treatment_ids: [laserTreatment] }),
      expect.objectContaining({ id: cabin, name: 'Cabina 1', active: true, treatment_ids: [] }),
    ]);
    expect(expectOk<ResourceRow[]>(await other.owner.client.rpc('list_resources'))).toEqual([]);
    const customer = await salon.client.client.rpc('list_resources');
    expect(customer.error?.message).toBe(notMerchant);
    expect((await salon.client.client.rpc('add_resource', { name: 'Mia' })).error?.message).toBe(notMerchant);
    for (const [fn, args] of [
      ['update_resource', { resource_id: cabin, name: 'Presa' }],
      ['delete_resource', { resource_id: cabin }],
    ] as const)
      expectRefused(await other.owner.client.rpc(fn, args), 'Risorsa non trovata');
    expectOk(await merchant('update_resource', { resource_id: cabin, name: 'Cabina viso', active: false }));
    expect(expectOk<ResourceRow[]>(await merchant('list_resources'))[1]).toMatchObject({
      name: 'Cabina viso',
      active: false,
    });
    expectOk(await merchant('delete_resource', { resource_id: cabin }));
    expect(expectOk<ResourceRow[]>(await merchant('list_resources'))).toHaveLength(1);
  });

  it('refuses a treatment needing another salon’s resource, and another salon’s treatment', async () => {
    const theirs = expectOk<Answer>(await other.owner.client.rpc('add_resource', { name: 'Poltrona' })).id!;
    expectRefused(
      await merchant('set_treatment_resources', {
        treatment_id: laserTreatment,
        resource_ids: [laser, theirs],
      }),
      'Risorsa non trovata',
    );
    expectRefused(
      await other.owner.client.rpc('set_treatment_resources', {
        treatment_id: laserTreatment,
        resource_ids: [],
      }),
      'Trattamento non trovato',
    );
    const stored = expectOk<ResourceRow[]>(await merchant('list_resources'));
    expect(stored.find((row) => row.id === laser)?.treatment_ids).toEqual([laserTreatment]);
  });

  it('offers a time only when an operator and the resources are free together', async () => {
    const day = addDays(today, 3);
    expect(await free(laserTreatment, salon.bea, day)).toContain('10:00');
    const held = await pending(laserTreatment, salon.anna, day, '10:00');
    expectOk(await merchant('confirm_reservation', { reservation_id: held }));
    const calendar = expectOk<{
      resources: { id: string; name: string }[];
      days: { appointments: { id: string; resource_ids: string[] }[] }[];
    }>(await merchant('merchant_calendar', { from_day: day, day_count: 1 }));
    expect(calendar.resources).toEqual([{ id: laser, name: 'Laser' }]);
    expect(
      calendar.days[0]!.appointments.find((appointment) => appointment.id === held)?.resource_ids,
    ).toEqual([laser]);
    const bea = await free(laserTreatment, salon.bea, day);
    for (const taken of ['09:45', '10:00', '10:15']) expect(bea).not.toContain(taken);
    expect(bea).toContain('10:30');
    // Bea herself is free: a treatment without the laser is offered at 10:00.
    expect(await free(salon.piega, salon.bea, day)).toContain('10:00');
    expectRefused(
      await client('book_reservation', {
        treatment_id: laserTreatment,
        operator_id: salon.bea,
        date: day,
        time: '10:15',
      }),
      resourceTaken,
    );
    const anyone = expectOk<string[]>(
      await client('free_times', { treatment_id: laserTreatment, date: day }),
    );
    expect(anyone).not.toContain('10:00');

    expectOk(await merchant('update_resource', { resource_id: laser, name: 'Laser', active: false }));
    expect(await free(laserTreatment, salon.bea, day)).toEqual([]);
    expectOk(await merchant('update_resource', { resource_id: laser, name: 'Laser', active: true }));
    expect(await free(laserTreatment, salon.bea, day)).toContain('10:30');
  });

  it('confirms one of two requests for the same laser at once, whoever performs them', async () => {
    const day = addDays(today, 4);
    const requests = [
      await pending(laserTreatment, salon.anna, day, '11:00'),
      await pending(laserTreatment, salon.bea, day, '11:15'),
    ];
    const answers = await Promise.all(
      requests.map((id) => merchant('confirm_reservation', { reservation_id: id })),
    );
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
    expect(answers.find((answer) => answer.error !== null)?.error?.message).toBe(laserTaken);
    expect(await clashes()).toBe(0);
    // The constraint itself: a second confirmed use of the laser cannot be written, even directly.
    const refused = answers[0]!.error === null ? requests[1] : requests[0];
    await expect(
      server.server.context.db.query(
        `insert into app.resource_bookings (reservation_id, merchant_id, resource_id, busy)
         select $1, $2, $3, tstzrange(${romeInstant(day, '11:20')}, ${romeInstant(day, '11:40')})`,
        [refused, salon.merchant.id, laser],
      ),
    ).rejects.toThrow('resource_bookings_never_double_booked');
  });

  it('names the resource a request needs when it is taken by another operator’s appointment', async () => {
    const day = addDays(today, 5);
    expectOk(
      await merchant('confirm_reservation', {
        reservation_id: await pending(laserTreatment, salon.anna, day, '15:00'),
      }),
    );
    const [beaRequest, anyRequest] = [
      await pending(laserTreatment, salon.bea, day, '15:15'),
      await pending(laserTreatment, null, day, '15:15'),
    ];
    expectRefused(await merchant('confirm_reservation', { reservation_id: beaRequest }), laserTaken);
    expectRefused(
      await merchant('confirm_reservation', { reservation_id: anyRequest, operator_id: salon.bea }),
      laserTaken,
    );
    // Bea herself stays free: another treatment at the same time is confirmed.
    expectOk(
      await merchant('confirm_reservation', {
        reservation_id: await pending(salon.piega, salon.bea, day, '15:15'),
      }),
    );
    expect(await clashes()).toBe(0);
  });

  it('answers 100 simultaneous confirms with the laser and the operators never double-booked', async () => {
    const day = addDays(today, 6);
    const requests: string[] = [];
    for (let index = 0; index < 100; index += 1) {
      const at = 9 * 60 + (index % 8) * 15;
      const time = `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
      requests.push(await pending(laserTreatment, index % 2 === 0 ? salon.anna : salon.bea, day, time));
    }
    const answers = await Promise.all(
      requests.map((id) => merchant('confirm_reservation', { reservation_id: id })),
    );
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const refused = answers.filter((answer) => answer.error !== null);
    for (const answer of refused)
      expect([slotTaken, laserTaken, "Orario appena occupato da un'altra conferma: riprova"]).toContain(
        answer.error!.message,
      );
    expect(answers.length - refused.length).toBeGreaterThanOrEqual(1);
    expect(await clashes()).toBe(0);
    const { rows } = await server.server.context.db.query<{ n: number | string }>(
      `select count(*) as n from app.reservations a join app.reservations b
         on a.operator_id = b.operator_id and a.id < b.id
        where a.status = 'confermata' and b.status = 'confermata' and a.operator_busy && b.operator_busy`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  }, 120_000);
});
