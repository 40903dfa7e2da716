import { describe, expect, it } from 'vitest';
import { groupByDate } from '@/features/booking-merchant/agenda';

describe('groupByDate', () => {
  it('puts the days in order and each day’s appointments by time', () => {
    const rows = [
      { id: 'c', date: '2026-11-24', time: '10:00' },
      { id: 'b', date: '2026-11-23', time: '15:30' },
      { id: 'a', date: '2026-11-23', time: '09:00' },
      { id: 'd', date: '2026-11-24', time: '09:45' },
    ];
    expect(groupByDate(rows)).toEqual([
      { date: '2026-11-23', appointments: [rows[2], rows[1]] },
      { date: '2026-11-24', appointments: [rows[3], rows[0]] },
    ]);
  });

  it('gives no days for no appointments', () => {
    expect(groupByDate([])).toEqual([]);
  });
});
