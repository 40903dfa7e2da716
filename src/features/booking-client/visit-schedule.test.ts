import { describe, expect, it } from 'vitest';
import { visitStartTimes, visitTotalPrice } from '@/features/booking-client/visit-schedule';

describe('a visit’s schedule', () => {
  it('starts each treatment when the previous one ends', () => {
    expect(visitStartTimes('09:30', [45, 30, 60])).toEqual(['09:30', '10:15', '10:45']);
  });

  it('sums prices exactly', () => {
    expect(visitTotalPrice([0.1, 0.2, 19.99])).toBe(20.29);
  });
});
