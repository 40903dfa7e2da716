import type { SectionReservation } from '@/features/booking-client/api/list-reservation-sections';

/** A single reservation, or the parts of one visit in their order. */
export type ReservationEntry =
  | { kind: 'single'; reservation: SectionReservation }
  | { kind: 'visit'; parts: [SectionReservation, ...SectionReservation[]] };

/** The list as the database orders it, with a visit's parts gathered where its first one appears. */
export function groupVisits(reservations: SectionReservation[]): ReservationEntry[] {
  const entries: ReservationEntry[] = [];
  const visits = new Map<string, [SectionReservation, ...SectionReservation[]]>();
  for (const reservation of reservations) {
    if (!reservation.visit_id) {
      entries.push({ kind: 'single', reservation });
      continue;
    }
    const parts = visits.get(reservation.visit_id);
    if (parts) parts.push(reservation);
    else {
      const first: [SectionReservation, ...SectionReservation[]] = [reservation];
      visits.set(reservation.visit_id, first);
      entries.push({ kind: 'visit', parts: first });
    }
  }
  for (const parts of visits.values()) parts.sort((a, b) => (a.visit_part ?? 0) - (b.visit_part ?? 0));
  return entries;
}
