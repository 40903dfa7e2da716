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
