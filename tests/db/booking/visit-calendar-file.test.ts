import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  addDays,
  createAdmin,
  expectOk,
  expectRefused,
  joinAsClient,
  openSalon,
  romeToday,
  type Answer,
  type Salon,
} from '../../support/fixtures.ts';

/** api.reservation_ics of a visit: one event spanning the visit, every part in its description. */
describe('reservation_ics: the calendar file of a visit', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  let today: string;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Visite');
    other = await openSalon(server, admin, 'Salone Vicino');
    today = await romeToday(server);
  });

  const db = () => server.server.context.db;
  const partIds = async (visitId: string) =>
    (
      await db().query<{ id: string }>(
        `select id from app.reservations where visit_id = $1 order by visit_part`,
        [visitId],
      )
    ).rows.map((row) => row.id);
  const confirmedVisit = async (date: string, as = salon.client) => {
    const visit = expectOk<Answer>(
      await as.client.rpc('book_visit', {
        merchant_slug: salon.merchant.slug,
        parts: [
          { treatment_id: salon.piega, operator_id: null },
          { treatment_id: salon.ciglia, operator_id: salon.anna },
        ],
        date,
        time: '10:00',
      }),
    ).id!;
    const [first] = await partIds(visit);
    expectOk(await salon.owner.client.rpc('confirm_reservation', { reservation_id: first! }));
    return visit;
  };
  const icsOf = async (id: string, as = salon.client) =>
    expectOk<string>(await as.client.rpc('reservation_ics', { reservation_id: id }));
  const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');
  const compact = (date: string) => date.replaceAll('-', '');

  it('is one event from the first part’s start to the last one’s end, listing every part, from any part', async () => {
    const day = addDays(today, 5);
    const visit = await confirmedVisit(day);
    const [first, second] = await partIds(visit);
    const ics = await icsOf(first!);
    expect(await icsOf(second!)).toBe(ics);
    const lines = unfold(ics);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toEqual(
      expect.arrayContaining([
        `UID:${visit}@passaparola`,
        `DTSTART;TZID=Europe/Rome:${compact(day)}T100000`,
        `DTEND;TZID=Europe/Rome:${compact(day)}T113000`,
        'SUMMARY:Piega\\, Ciglia - Salone Visite',
        expect.stringMatching(
          /^DESCRIPTION:10:00 Piega - Operatore: \w+\\n11:00 Ciglia - Operatore: Anna\\nTelefono del salone: /,
        ),
      ]),
    );
    expect(
      expectOk<string>(await salon.owner.client.rpc('reservation_ics', { reservation_id: second! })),
    ).toBe(ics);
  });

  it('is refused to another customer and another salon, and gives the same file 60 times', async () => {
    const visit = await confirmedVisit(addDays(today, 6));
    const [first] = await partIds(visit);
    const { persona: neighbour } = await joinAsClient(server, salon.merchant.slug, { name: 'Vicina Rossi' });
    for (const stranger of [neighbour, other.owner, other.client]) {
      expectRefused(
        await stranger.client.rpc('reservation_ics', { reservation_id: first! }),
        'Prenotazione non trovata',
      );
    }
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        salon.client.client.rpc('reservation_ics', { reservation_id: first! }),
      ),
    );
    expect(new Set(answers.map((answer) => expectOk<string>(answer))).size).toBe(1);
  }, 60_000);

  it('is no longer given once the visit is cancelled or its customer erased', async () => {
    const cancelled = await confirmedVisit(addDays(today, 7));
    const [cancelledFirst] = await partIds(cancelled);
    expectOk(
      await salon.owner.client.rpc('merchant_cancel_reservation', {
        reservation_id: cancelledFirst!,
        reason: 'Chiuso',
      }),
    );
    expectRefused(
      await salon.client.client.rpc('reservation_ics', { reservation_id: cancelledFirst! }),
      'Solo un appuntamento confermato si può aggiungere al calendario',
    );

    const { persona: leaving } = await joinAsClient(server, salon.merchant.slug, { name: 'Carla Blu' });
    const visit = await confirmedVisit(addDays(today, 8), leaving);
    const [first] = await partIds(visit);
    expect(await icsOf(first!, leaving)).toContain('BEGIN:VEVENT');
    expectOk(
      await leaving.client.rpc('erase_my_account', {
        merchant_slug: salon.merchant.slug,
        confirmation: 'ELIMINA',
      }),
    );
    expect((await leaving.client.rpc('reservation_ics', { reservation_id: first! })).error).not.toBeNull();
    expect(
      (await salon.owner.client.rpc('reservation_ics', { reservation_id: first! })).error,
    ).not.toBeNull();
  });
});
