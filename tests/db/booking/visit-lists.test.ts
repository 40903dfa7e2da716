import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  addDays,
  createAdmin,
  expectOk,
  openSalon,
  romeToday,
  type Answer,
  type Salon,
} from '../../support/fixtures.ts';

interface ListedReservation {
  id: string;
  treatment_name: string;
  time: string;
  visit_id: string | null;
  visit_part: number | null;
}

describe('booking: a visit in the customer’s list, the salon’s inbox and the Agenda', () => {
  const server = useTestServer();
  let salon: Salon;
  let today: string;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Elenco');
    today = await romeToday(server);
  });

  const sections = async () =>
    expectOk<{ upcoming: ListedReservation[]; past: ListedReservation[] }>(
      await salon.client.client.rpc('client_reservation_sections', { merchant_slug: salon.merchant.slug }),
    );

  it('names each part’s visit and place in it, for her and for the salon; a single treatment has neither', async () => {
    const day = addDays(today, 5);
    const visit = expectOk<Answer>(
      await salon.client.client.rpc('book_visit', {
        merchant_slug: salon.merchant.slug,
        parts: [
          { treatment_id: salon.piega, operator_id: null },
          { treatment_id: salon.ciglia, operator_id: salon.anna },
        ],
        date: day,
        time: '10:00',
      }),
    );
    expectOk(
      await salon.client.client.rpc('book_reservation', {
        merchant_slug: salon.merchant.slug,
        treatment_id: salon.piega,
        operator_id: null,
        date: addDays(today, 6),
        time: '10:00',
      }),
    );
    const { upcoming } = await sections();
    expect(
      upcoming.map(({ treatment_name, time, visit_part }) => ({ treatment_name, time, visit_part })),
    ).toEqual([
      { treatment_name: 'Piega', time: '10:00', visit_part: 1 },
      { treatment_name: 'Ciglia', time: '11:00', visit_part: 2 },
      { treatment_name: 'Piega', time: '10:00', visit_part: null },
    ]);
    expect(upcoming.map((row) => row.visit_id)).toEqual([visit.id, visit.id, null]);

    // The salon's inbox names them the same way, so that it shows the visit as one request.
    const page = expectOk<{ reservations: ListedReservation[]; pending: number }>(
      await salon.owner.client.rpc('merchant_reservations_page', { section: 'to_answer' }),
    );
    const inbox = page.reservations;
    // Two requests to answer: the visit counts once.
    expect(page.pending).toBe(2);
    expect(expectOk<number>(await salon.owner.client.rpc('merchant_pending_count'))).toBe(2);
    expect(
      inbox.map(({ treatment_name, visit_id, visit_part }) => ({ treatment_name, visit_id, visit_part })),
    ).toEqual([
      { treatment_name: 'Piega', visit_id: visit.id, visit_part: 1 },
      { treatment_name: 'Ciglia', visit_id: visit.id, visit_part: 2 },
      { treatment_name: 'Piega', visit_id: null, visit_part: null },
    ]);
  });

  it('marks each confirmed part in the Agenda with its place and the visit’s size', async () => {
    const day = addDays(today, 5);
    const firstPart = (await sections()).upcoming.find((row) => row.visit_part === 1)!;
    expectOk(await salon.owner.client.rpc('confirm_reservation', { reservation_id: firstPart.id }));
    const calendar = expectOk<{
      days: {
        date: string;
        appointments: { treatment_name: string; visit_part: number | null; visit_parts: number | null }[];
      }[];
    }>(await salon.owner.client.rpc('merchant_calendar', { from_day: day, day_count: 1 }));
    expect(
      calendar.days[0]!.appointments.map(({ treatment_name, visit_part, visit_parts }) => ({
        treatment_name,
        visit_part,
        visit_parts,
      })),
    ).toEqual([
      { treatment_name: 'Piega', visit_part: 1, visit_parts: 2 },
      { treatment_name: 'Ciglia', visit_part: 2, visit_parts: 2 },
    ]);
  });
});
