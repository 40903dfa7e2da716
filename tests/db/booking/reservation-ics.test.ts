import { beforeAll, describe, expect, it } from 'vitest';
import { joinAsClient } from '../../support/personas.ts';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  createAdmin,
  expectOk,
  expectRefused,
  insertReservation,
  openSalon,
  romeInstant,
  type Salon,
} from '../../support/fixtures.ts';

/** api.reservation_ics: the calendar entry the confirmation e-mail attaches and the browser downloads. */
describe('reservation_ics: the .ics of a confirmed appointment', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Bellezza; Arte, e Stile');
    other = await openSalon(server, admin, 'Altro Salone');
    expectOk(
      await salon.owner.client.rpc('set_salon_address', {
        address: 'Via dei Fiori 12, 00100 Roma; scala B, interno 7 – citofono "Bellezza" (secondo piano)',
      }),
    );
  });

  const confirmedOn = async (day: string, time: string, minutes = 60) => {
    const id = await insertReservation(server, salon, {
      startsAt: romeInstant(day, time),
      minutes,
      status: 'confermata',
    });
    return id;
  };
  const icsOf = async (id: string) =>
    expectOk<string>(await salon.client.client.rpc('reservation_ics', { reservation_id: id }));
  /** The content lines, unfolded (RFC 5545 §3.1). */
  const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

  it('is a VCALENDAR with a VTIMEZONE and the appointment in Europe/Rome, with CRLF line endings', async () => {
    const id = await confirmedOn('2026-12-10', '15:30', 45);
    const ics = await icsOf(id);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(lines).toEqual(
      expect.arrayContaining([
        'VERSION:2.0',
        'BEGIN:VTIMEZONE',
        'TZID:Europe/Rome',
        'BEGIN:VEVENT',
        `UID:${id}@passaparola`,
        'DTSTART;TZID=Europe/Rome:20261210T153000',
        'DTEND;TZID=Europe/Rome:20261210T161500',
        'SUMMARY:Piega - Bellezza\\; Arte\\, e Stile',
        'LOCATION:Via dei Fiori 12\\, 00100 Roma\\; scala B\\, interno 7 – citofono "Bellezza" (secondo piano)',
        'DESCRIPTION:Operatore: Anna\\nTelefono del salone: 0612345678',
        'END:VEVENT',
      ]),
    );
    expect(lines.find((line) => line.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
  });

  it('folds lines longer than 75 octets without splitting a character', async () => {
    const ics = await icsOf(await confirmedOn('2026-12-11', '10:00'));
    const physical = ics.split('\r\n');
    expect(physical.some((line) => line.startsWith(' '))).toBe(true);
    for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(ics).not.toContain('\uFFFD');
  });

  it.each([
    // Summer time starts at 02:00 on 2026-03-29: offsets +01:00 before, +02:00 after.
    ['2026-03-29', '09:00', 60, '20260329T090000', '20260329T100000', '2026-03-29T07:00:00Z'],
    // Summer time ends at 03:00 on 2026-10-25: the wall clock is kept, the instant is +01:00.
    ['2026-10-25', '09:00', 90, '20261025T090000', '20261025T103000', '2026-10-25T08:00:00Z'],
  ])(
    'writes %s %s as Rome wall-clock time over the clock change',
    async (day, time, minutes, start, end, utc) => {
      const id = await confirmedOn(day, time, minutes);
      const lines = unfold(await icsOf(id));
      expect(lines).toContain(`DTSTART;TZID=Europe/Rome:${start}`);
      expect(lines).toContain(`DTEND;TZID=Europe/Rome:${end}`);
      const { rows } = await server.server.context.db.query<{ utc: string }>(
        `select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as utc
           from app.reservations where id = $1`,
        [id],
      );
      expect(rows[0]!.utc).toBe(utc);
      const zone = lines.slice(lines.indexOf('BEGIN:VTIMEZONE'), lines.indexOf('END:VTIMEZONE') + 1);
      expect(zone).toEqual([
        'BEGIN:VTIMEZONE',
        'TZID:Europe/Rome',
        'BEGIN:DAYLIGHT',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0200',
        'TZNAME:CEST',
        'DTSTART:19700329T020000',
        'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
        'END:DAYLIGHT',
        'BEGIN:STANDARD',
        'TZOFFSETFROM:+0200',
        'TZOFFSETTO:+0100',
        'TZNAME:CET',
        'DTSTART:19701025T030000',
        'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
        'END:STANDARD',
        'END:VTIMEZONE',
      ]);
    },
  );

  it('is given to the salon of the appointment too, and to nobody else', async () => {
    const id = await confirmedOn('2026-12-12', '10:00');
    const bySalon = expectOk<string>(await salon.owner.client.rpc('reservation_ics', { reservation_id: id }));
    expect(bySalon).toBe(await icsOf(id));
    expectRefused(
      await other.owner.client.rpc('reservation_ics', { reservation_id: id }),
      'Prenotazione non trovata',
    );
    expectRefused(
      await other.client.client.rpc('reservation_ics', { reservation_id: id }),
      'Prenotazione non trovata',
    );
    const { persona: neighbour } = await joinAsClient(server, salon.merchant.slug, { name: 'Vicina' });
    expectRefused(
      await neighbour.client.rpc('reservation_ics', { reservation_id: id }),
      'Prenotazione non trovata',
    );
    const anonymous = await server.client().rpc('reservation_ics', { reservation_id: id });
    expect(anonymous.status).toBe(401);
    expect(anonymous.error?.code).toBe('42501');
  });

  it('exists only for a confirmed appointment', async () => {
    const pending = await insertReservation(server, salon, { startsAt: romeInstant('2026-12-13', '10:00') });
    expectRefused(
      await salon.client.client.rpc('reservation_ics', { reservation_id: pending }),
      'Solo un appuntamento confermato si può aggiungere al calendario',
    );
  });

  it('keeps the address optional and bounded', async () => {
    expectRefused(
      await other.owner.client.rpc('set_salon_address', { address: 'x'.repeat(256) }),
      "L'indirizzo può contenere al massimo 255 caratteri",
    );
    const id = await insertReservation(server, other, {
      startsAt: romeInstant('2026-12-14', '10:00'),
      status: 'confermata',
    });
    const lines = unfold(
      expectOk<string>(await other.client.client.rpc('reservation_ics', { reservation_id: id })),
    );
    expect(lines).toContain('LOCATION:Altro Salone');
  });
});
