import * as z from 'zod/mini';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;

/** One weekday of a weekly hours editor: open or closed, and its ranges ('HH:MM'). */
export interface DayDraft {
  open: boolean;
  ranges: { opens: string; closes: string }[];
}

export interface WeeklyRange {
  weekday: number;
  opens: string;
  closes: string;
}

/** The salon's hours when it has set none (spec §9): 09:00-19:00 every day. */
const defaultRange = { opens: '09:00', closes: '19:00' } as const;

/** Seven days, Monday first, from the stored ranges; with none, `fallback` (the hours that apply). */
export function toDayDrafts(ranges: readonly WeeklyRange[], fallback?: readonly WeeklyRange[]): DayDraft[] {
  const source = ranges.length > 0 ? ranges : (fallback ?? []);
  return Array.from({ length: 7 }, (_, index) => {
    const mine = source
      .filter((range) => range.weekday === index + 1)
      .map(({ opens, closes }) => ({ opens, closes }));
    if (ranges.length === 0 && !fallback) return { open: true, ranges: [{ ...defaultRange }] };
    return { open: mine.length > 0, ranges: mine.length > 0 ? mine : [{ ...defaultRange }] };
  });
}

/** The ranges to store: each open day's ranges, earliest first; closed days are left out. */
export function toWeeklyRanges(days: readonly DayDraft[]): WeeklyRange[] {
  return days.flatMap((day, index) =>
    day.open
      ? [...day.ranges]
          .sort((a, b) => a.opens.localeCompare(b.opens))
          .map(({ opens, closes }) => ({ weekday: index + 1, opens, closes }))
      : [],
  );
}

const quarterHour = /^([01]\d|2[0-3]):(00|15|30|45)$/;

/** 'Martedì, seconda fascia': a range as the editor shows it (weekday and range from 0). */
function rangeName(weekday: number, range: number): string {
  const ordinal = t.rangeOrdinals[range];
  return fill(ordinal ? t.rangeName : t.rangeNameNumbered, {
    day: t.weekdays[weekday] ?? '',
    ordinal: ordinal ?? '',
    number: range + 1,
  });
}

/**
 * What the database would refuse in the open days' ranges, naming the first such range as the editor
 * shows it ('Martedì, seconda fascia: la chiusura deve essere dopo l'apertura'); null when all are fine.
 */
export function rangeProblem(days: readonly DayDraft[]): string | null {
  for (const [weekday, day] of days.entries()) {
    if (!day.open) continue;
    for (const [index, range] of day.ranges.entries()) {
      const values = { range: rangeName(weekday, index) };
      if (!quarterHour.test(range.opens) || !quarterHour.test(range.closes)) {
        return fill(t.rangeOffQuarter, values);
      }
      if (range.opens >= range.closes) return fill(t.rangeClosesFirst, values);
    }
  }
  return null;
}

/** The salon's hours as they apply: its own, or 09:00-19:00 every day. */
export function effectiveOpeningHours(ranges: readonly WeeklyRange[]): WeeklyRange[] {
  return ranges.length > 0
    ? [...ranges]
    : Array.from({ length: 7 }, (_, index) => ({ weekday: index + 1, ...defaultRange }));
}

/** A range to add after a day's last one: from its closing time, one hour long (within the day). */
export function nextRange(ranges: readonly { opens: string; closes: string }[]): {
  opens: string;
  closes: string;
} {
  const last = ranges.at(-1);
  if (!last) return { ...defaultRange };
  const [hours = 0, minutes = 0] = last.closes.split(':').map(Number);
  const start = Math.min(hours * 60 + minutes, 22 * 60 + 45);
  const end = Math.min(start + 60, 23 * 60 + 45);
  const clock = (total: number) =>
    `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  return { opens: clock(start), closes: clock(end) };
}

const dayDraftSchema = z.object({
  open: z.boolean(),
  ranges: z.array(z.object({ opens: z.string(), closes: z.string() })),
});

/** The salon's week in the form: stored as its ranges when every one is on the quarter hour and in order. */
export const openingHoursFormSchema = z.pipe(
  z.object({ days: z.array(dayDraftSchema) }).check((context) => {
    const problem = rangeProblem(context.value.days);
    if (problem)
      context.issues.push({ code: 'custom', path: ['days'], message: problem, input: context.value });
  }),
  z.transform(({ days }) => toWeeklyRanges(days)),
);

/** An operator's week: the salon's hours (no ranges of its own), or its own ranges checked as the salon's. */
export const operatorHoursFormSchema = z.pipe(
  z.object({ followsSalon: z.boolean(), days: z.array(dayDraftSchema) }).check((context) => {
    const problem = context.value.followsSalon ? null : rangeProblem(context.value.days);
    if (problem)
      context.issues.push({ code: 'custom', path: ['days'], message: problem, input: context.value });
  }),
  z.transform(({ followsSalon, days }) => (followsSalon ? [] : toWeeklyRanges(days))),
);
