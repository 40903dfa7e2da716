import { describe, expect, it } from 'vitest';
import { groupVisits } from '@/components/booking/visit-groups';

const row = (id: string, visit_id: string | null = null, visit_part: number | null = null) => ({
  id,
  visit_id,
  visit_part,
});

describe('groupVisits', () => {
  it('gathers a visit’s parts in order where its first row appears, singles where they are', () => {
    const rows = [row('a'), row('v2', 'v', 2), row('b'), row('v1', 'v', 1), row('v3', 'v', 3)];
    expect(groupVisits(rows)).toEqual([
      { kind: 'single', reservation: rows[0] },
      { kind: 'visit', parts: [rows[3], rows[1], rows[4]] },
      { kind: 'single', reservation: rows[2] },
    ]);
  });
});
