import { describe, expect, it } from 'vitest';
import {
  effectiveOpeningHours,
  nextRange,
  openingHoursFormSchema,
  operatorHoursFormSchema,
  rangeProblem,
  toDayDrafts,
  toWeeklyRanges,
} from '@/features/booking-merchant/weekly-hours';

describe('weekly hours editor', () => {
  it('shows 09:00-19:00 every day while nothing is stored', () => {
    const days = toDayDrafts([]);
    expect(days).toHaveLength(7);
    expect(days.every((day) => day.open && day.ranges[0]!.opens === '09:00')).toBe(true);
  });

  it('turns stored ranges into days and back, closed days left out and ranges sorted', () => {
    const stored = [
      { weekday: 2, opens: '15:00', closes: '19:00' },
      { weekday: 2, opens: '09:00', closes: '13:00' },
      { weekday: 6, opens: '09:00', closes: '12:00' },
    ];
    const days = toDayDrafts(stored);
    expect(days[0]).toEqual({ open: false, ranges: [{ opens: '09:00', closes: '19:00' }] });
    expect(days[1]!.ranges).toHaveLength(2);
    expect(toWeeklyRanges(days)).toEqual([
      { weekday: 2, opens: '09:00', closes: '13:00' },
      { weekday: 2, opens: '15:00', closes: '19:00' },
      { weekday: 6, opens: '09:00', closes: '12:00' },
    ]);
  });

  it('starts an operator without hours from the salon’s hours', () => {
    const salon = [{ weekday: 1, opens: '10:00', closes: '18:00' }];
    const days = toDayDrafts([], salon);
    expect(days[0]).toEqual({ open: true, ranges: [{ opens: '10:00', closes: '18:00' }] });
    expect(days[1]!.open).toBe(false);
    expect(effectiveOpeningHours([])).toHaveLength(7);
  });

  it('accepts only quarter hours that open before they close, naming the day and range it refuses', () => {
    const open = (...ranges: { opens: string; closes: string }[]) => ({ open: true, ranges });
    const morning = { opens: '09:00', closes: '13:00' };
    expect(rangeProblem([open({ opens: '09:00', closes: '13:45' })])).toBeNull();
    expect(rangeProblem([open(morning), open(morning, { opens: '15:00', closes: '14:00' })])).toBe(
      "Martedì, seconda fascia: la chiusura deve essere dopo l'apertura",
    );
    expect(rangeProblem([open(morning), open(morning), open({ opens: '09:10', closes: '13:00' })])).toBe(
      'Mercoledì, prima fascia: indica apertura e chiusura in ore e minuti, ogni 15 minuti',
    );
    expect(rangeProblem([{ open: false, ranges: [{ opens: '', closes: '' }] }])).toBeNull();
    const eleven = Array.from({ length: 11 }, (_, hour) => ({
      opens: `${String(hour + 10).padStart(2, '0')}:00`,
      closes: `${String(hour + 10).padStart(2, '0')}:30`,
    }));
    eleven[10] = { opens: '21:00', closes: '20:00' };
    expect(rangeProblem([open(...eleven)])).toBe(
      "Lunedì, fascia 11: la chiusura deve essere dopo l'apertura",
    );
  });

  it('adds a range after the last one, an hour long', () => {
    expect(nextRange([{ opens: '09:00', closes: '13:00' }])).toEqual({ opens: '13:00', closes: '14:00' });
    expect(nextRange([{ opens: '20:00', closes: '23:30' }])).toEqual({ opens: '22:45', closes: '23:45' });
  });
});

describe('the hours forms', () => {
  const closed = { open: false, ranges: [{ opens: '09:00', closes: '19:00' }] };
  const week = (monday: { opens: string; closes: string }) => [
    { open: true, ranges: [monday] },
    ...Array.from({ length: 6 }, () => closed),
  ];

  it('sends the open days’ ranges, or nothing when the operator follows the salon', () => {
    expect(openingHoursFormSchema.parse({ days: week({ opens: '09:00', closes: '13:00' }) })).toEqual([
      { weekday: 1, opens: '09:00', closes: '13:00' },
    ]);
    expect(
      operatorHoursFormSchema.parse({ followsSalon: true, days: week({ opens: '13:00', closes: '09:00' }) }),
    ).toEqual([]);
  });

  it('refuses a range out of order or off the quarter hour, naming it as the database does', () => {
    expect(
      openingHoursFormSchema.safeParse({ days: week({ opens: '13:00', closes: '09:00' }) }).error?.issues[0],
    ).toMatchObject({
      path: ['days'],
      message: "Lunedì, prima fascia: la chiusura deve essere dopo l'apertura",
    });
    expect(
      operatorHoursFormSchema.safeParse({
        followsSalon: false,
        days: week({ opens: '09:10', closes: '12:00' }),
      }).error?.issues[0]?.message,
    ).toBe('Lunedì, prima fascia: indica apertura e chiusura in ore e minuti, ogni 15 minuti');
  });
});
