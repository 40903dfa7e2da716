/** What a row needs to be gathered with the other parts of its visit. */
interface VisitPartRow {
  id: string;
  visit_id: string | null;
  visit_part: number | null;
}

/** A single reservation, or the parts of one visit in their order. */
export type ReservationEntry<Row extends VisitPartRow> =
  { kind: 'single'; reservation: Row } | { kind: 'visit'; parts: [Row, ...Row[]] };

/** A list as the database orders it, with a visit's parts gathered where its first one appears. */
export function groupVisits<Row extends VisitPartRow>(rows: Row[]): ReservationEntry<Row>[] {
  const entries: ReservationEntry<Row>[] = [];
  const visits = new Map<string, [Row, ...Row[]]>();
  for (const row of rows) {
    const parts = row.visit_id ? visits.get(row.visit_id) : undefined;
    if (!row.visit_id) entries.push({ kind: 'single', reservation: row });
    else if (parts) parts.push(row);
    else {
      const first: [Row, ...Row[]] = [row];
      visits.set(row.visit_id, first);
      entries.push({ kind: 'visit', parts: first });
    }
  }
  for (const parts of visits.values()) parts.sort((a, b) => (a.visit_part ?? 0) - (b.visit_part ?? 0));
  return entries;
}
