/** The reservation states that still lead to an appointment (spec §4): not refused, cancelled or lapsed. */
const upcomingStatuses = new Set(['confermata', 'in attesa', 'modificata']);

/** The customer's next appointment: the earliest reservation still to come that may take place. */
export function nextAppointment<Reservation extends { status: string; starts_at: string }>(
  reservations: readonly Reservation[],
  now: Date = new Date(),
): Reservation | null {
  let next: Reservation | null = null;
  for (const reservation of reservations) {
    const startsAt = Date.parse(reservation.starts_at);
    if (!upcomingStatuses.has(reservation.status) || !(startsAt > now.getTime())) continue;
    if (!next || startsAt < Date.parse(next.starts_at)) next = reservation;
  }
  return next;
}
