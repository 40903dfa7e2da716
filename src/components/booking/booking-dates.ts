import { formatDate } from '@/lib/format';

const weekdayFormatter = new Intl.DateTimeFormat('it-IT', { weekday: 'long', timeZone: 'UTC' });

/** The Italian weekday of a calendar date 'YYYY-MM-DD' ('lunedì'); empty for anything else. */
export function weekdayOf(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return '';
  const instant = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(instant.getTime()) ? '' : weekdayFormatter.format(instant);
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
