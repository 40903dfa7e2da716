/** A day of the agenda: its date and its appointments by time. */
export interface AgendaDay<Row> {
  date: string;
  appointments: Row[];
}

/** Groups appointments by date, days in order, each day's appointments by time (spec §9). */
export function groupByDate<Row extends { date: string; time: string }>(
  rows: readonly Row[],
): AgendaDay<Row>[] {
  const days = new Map<string, Row[]>();
  for (const row of [...rows].sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time))) {
    const day = days.get(row.date);
    if (day) day.push(row);
    else days.set(row.date, [row]);
  }
  return [...days].map(([date, appointments]) => ({ date, appointments }));
}

/** Start times a reservation may be moved to: every 15 minutes from 09:00 to 19:00 inclusive (spec §9). */
export function bookingTimes(): string[] {
  const times: string[] = [];
  for (let minutes = 9 * 60; minutes <= 19 * 60; minutes += 15)
    times.push(
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
    );
  return times;
}
