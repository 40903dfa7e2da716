import { describe, expect, it } from 'vitest';
import { dayOfMonth, shortWeekdayOf, telHref } from '@/features/booking-merchant/calendar-dates';

describe('calendar dates', () => {
  it('names the weekday short, in Italian, whatever the time zone', () => {
    expect(shortWeekdayOf('2026-11-23')).toBe('lun');
    expect(shortWeekdayOf('2026-11-29')).toBe('dom');
    expect(shortWeekdayOf('non una data')).toBe('');
  });

  it('gives the day of the month as written', () => {
    expect(dayOfMonth('2026-11-04')).toBe('04');
  });

  it('dials only digits and a leading plus', () => {
    expect(telHref('+39 333 111-2222')).toBe('tel:+393331112222');
  });
});
