import { formatDate } from '@/lib/format';

const weekdayFormatter = new Intl.DateTimeFormat('it-IT', { weekday: 'long', timeZone: 'UTC' });
const stripFormatter = new Intl.DateTimeFormat('it-IT', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** The UTC midnight of a calendar date 'YYYY-MM-DD', or null for anything else. */
function calendarDay(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const instant = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The Italian weekday of a calendar date 'YYYY-MM-DD' ('lunedì'); empty for anything else. */
export function weekdayOf(date: string): string {
  const instant = calendarDay(date);
  return instant ? weekdayFormatter.format(instant) : '';
}

/** A calendar date as a day strip shows it: { weekday: 'mar', day: '24', month: 'nov' }. */
export function stripDayParts(date: string): { weekday: string; day: string; month: string } {
  const instant = calendarDay(date);
  if (!instant) return { weekday: '', day: date, month: '' };
  const parts = Object.fromEntries(
    stripFormatter.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return {
    weekday: (parts.weekday ?? '').replace('.', ''),
    day: parts.day ?? '',
    month: (parts.month ?? '').replace('.', ''),
  };
}

/** 'lunedì 23-11-2026': the weekday, then the date as the app shows dates (dd-mm-yyyy). */
export function dateWithWeekday(date: string): string {
  const weekday = weekdayOf(date);
  return weekday ? `${weekday} ${formatDate(date)}` : formatDate(date);
}

/** 'HH:MM' from a time the database may give with seconds ('09:15:00'). */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}
