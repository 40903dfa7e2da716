import { TIME_ZONE } from '@/lib/format';

/** A confirmed reservation may be deleted from one hour after its start (spec §9). */
export const deleteAfterStartMs = 3_600_000;

const romeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The instant of a wall-clock date and time in Rome ('2026-11-23', '09:30'). */
export function romeInstant(date: string, time: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Rome's offset at that moment: how far its wall clock is from UTC's.
  const parts = Object.fromEntries(romeParts.formatToParts(new Date(asUtc)).map((p) => [p.type, p.value]));
  const romeAsUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return new Date(asUtc - (romeAsUtc - asUtc));
}

/** Spec §4: a rejected reservation, or a confirmed one whose start is at least an hour past. */
export function canDeleteReservation(
  reservation: { status: string; date: string; time: string },
  now: Date = new Date(),
): boolean {
  if (reservation.status === 'rifiutata') return true;
  if (reservation.status !== 'confermata') return false;
  return now.getTime() - romeInstant(reservation.date, reservation.time).getTime() >= deleteAfterStartMs;
}

/** Spec §4: the customer answers a change the salon proposed. */
export function awaitsCustomerAnswer(reservation: { status: string }): boolean {
  return reservation.status === 'modificata';
}
