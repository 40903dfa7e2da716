const shortWeekday = new Intl.DateTimeFormat('it-IT', { weekday: 'short', timeZone: 'UTC' });

/** 'lun', 'mar'... of a calendar date 'YYYY-MM-DD'. */
export function shortWeekdayOf(date: string): string {
  const instant = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(instant.getTime()) ? '' : shortWeekday.format(instant).replace('.', '');
}

/** The day of the month of 'YYYY-MM-DD', as written ('04'). */
export function dayOfMonth(date: string): string {
  return date.slice(8, 10);
}

/** A phone number as a tel: link dials it: digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The 'YYYY-MM-DD' calendar date `days` after another. */
export function addDays(date: string, days: number): string {
  const moment = new Date(`${date}T12:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}
