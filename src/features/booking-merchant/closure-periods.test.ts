import { describe, expect, it } from 'vitest';
import { closurePeriods, periodText } from '@/features/booking-merchant/closure-periods';

describe('closure periods', () => {
  it('folds consecutive days with the same reason into one period', () => {
    const closed = [
      { day: '2030-08-10', reason: 'Ferie' },
      { day: '2030-08-11', reason: 'Ferie' },
      { day: '2030-08-12', reason: 'Ferie' },
      { day: '2030-08-13', reason: 'Inventario' },
      { day: '2030-08-15', reason: 'Inventario' },
      { day: '2030-12-31', reason: null },
      { day: '2031-01-01', reason: null },
    ];
    expect(closurePeriods(closed)).toEqual([
      { days: ['2030-08-10', '2030-08-11', '2030-08-12'], reason: 'Ferie' },
      { days: ['2030-08-13'], reason: 'Inventario' },
      { days: ['2030-08-15'], reason: 'Inventario' },
      { days: ['2030-12-31', '2031-01-01'], reason: null },
    ]);
    expect(closurePeriods([])).toEqual([]);
  });

  it('says a period as an Italian would', () => {
    expect(periodText('2030-08-10', '2030-08-10')).toBe('10 agosto 2030');
    expect(periodText('2030-08-10', '2030-08-14')).toBe('dal 10 al 14 agosto 2030');
    expect(periodText('2030-07-30', '2030-08-02')).toBe('dal 30 luglio al 2 agosto 2030');
    expect(periodText('2030-12-30', '2031-01-02')).toBe('dal 30 dicembre 2030 al 2 gennaio 2031');
    expect(periodText('2030-08-01', '2030-08-08')).toBe("dal 1° all'8 agosto 2030");
    expect(periodText('2030-08-08', '2030-08-11')).toBe("dall'8 all'11 agosto 2030");
    expect(periodText('2030-03-01', '2030-03-01')).toBe('1° marzo 2030');
  });
});
