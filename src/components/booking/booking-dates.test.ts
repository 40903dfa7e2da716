import { describe, expect, it } from 'vitest';
import { dateWithWeekday, shortTime, stripDayParts, weekdayOf } from '@/components/booking/booking-dates';

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

  it('splits a date into the day strip’s short weekday, day and month', () => {
    expect(stripDayParts('2026-11-24')).toEqual({ weekday: 'mar', day: '24', month: 'nov' });
    expect(stripDayParts('2027-01-03')).toEqual({ weekday: 'dom', day: '3', month: 'gen' });
    expect(stripDayParts('domani')).toEqual({ weekday: '', day: 'domani', month: '' });
  });
});
