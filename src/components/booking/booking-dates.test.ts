import { describe, expect, it } from 'vitest';
import { dateWithWeekday, shortTime, weekdayOf } from '@/components/booking/booking-dates';

describe('booking date labels', () => {
  it('names the Italian weekday of a calendar date, whatever the time zone', () => {
    expect(weekdayOf('2026-11-23')).toBe('lunedì');
    expect(weekdayOf('2026-11-29')).toBe('domenica');
    expect(weekdayOf('2024-02-29')).toBe('giovedì');
  });

  it('shows the weekday before the date as dd-mm-yyyy', () => {
    expect(dateWithWeekday('2026-11-27')).toBe('venerdì 27-11-2026');
    expect(dateWithWeekday('2027-01-02')).toBe('sabato 02-01-2027');
  });

  it('keeps anything that is not a calendar date without a weekday', () => {
    expect(weekdayOf('domani')).toBe('');
  });

  it('cuts the seconds off a time', () => {
    expect(shortTime('09:15:00')).toBe('09:15');
    expect(shortTime('18:45')).toBe('18:45');
  });
});
