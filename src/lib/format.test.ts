import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatMoney, formatTime, todayInRome } from '@/lib/format';

describe('formatMoney', () => {
  it('writes euro amounts the Italian way, with the sign in front and two decimals', () => {
    expect(formatMoney(12.5)).toBe('€ 12,50');
    expect(formatMoney(0)).toBe('€ 0,00');
    expect(formatMoney(1234.567)).toBe('€ 1.234,57');
    expect(formatMoney(1_000_000)).toBe('€ 1.000.000,00');
  });

  it('accepts numeric strings as PostgreSQL numeric values arrive', () => {
    expect(formatMoney('45.10')).toBe('€ 45,10');
  });

  it('puts the minus before the euro sign and never shows minus zero', () => {
    expect(formatMoney(-7.25)).toBe('-€ 7,25');
    expect(formatMoney(-0.001)).toBe('€ 0,00');
  });

  it('shows zero for a value that is not a number', () => {
    expect(formatMoney('abc')).toBe('€ 0,00');
  });
});

describe('formatDate', () => {
  it('shows a calendar date as dd-mm-yyyy without moving it across time zones', () => {
    expect(formatDate('2025-03-09')).toBe('09-03-2025');
  });

  it('shows an instant as its date in Rome', () => {
    // 23:30 UTC on 31 December is already 1 January in Rome (UTC+1 in winter).
    expect(formatDate('2024-12-31T23:30:00Z')).toBe('01-01-2025');
    // 22:30 UTC on 30 June is 00:30 on 1 July in Rome (UTC+2 in summer).
    expect(formatDate(new Date('2025-06-30T22:30:00Z'))).toBe('01-07-2025');
  });
});

describe('formatTime', () => {
  it('shows wall-clock times on a 24-hour clock', () => {
    expect(formatTime('09:15:00')).toBe('09:15');
    expect(formatTime('19:00')).toBe('19:00');
  });

  it('shows an instant as its time in Rome, 24 h', () => {
    expect(formatTime('2025-01-15T13:05:00Z')).toBe('14:05');
    expect(formatTime('2025-07-15T22:45:00Z')).toBe('00:45');
  });
});

describe('formatDateTime and todayInRome', () => {
  it('combines date and time in Rome', () => {
    expect(formatDateTime('2025-03-30T00:30:00Z')).toBe('30-03-2025 01:30');
    // After the switch to summer time that night, Rome is UTC+2.
    expect(formatDateTime('2025-03-30T01:30:00Z')).toBe('30-03-2025 03:30');
  });

  it("gives today's date in Rome, not in UTC", () => {
    expect(todayInRome(new Date('2025-05-01T22:15:00Z'))).toBe('2025-05-02');
    expect(todayInRome(new Date('2025-05-01T10:00:00Z'))).toBe('2025-05-01');
  });
});

describe('formatCount', () => {
  it('formats large counts with the Italian thousands separator', () => {
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(1000)).toBe('1.000');
  });
});
