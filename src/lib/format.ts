/** Everything the app shows is in Italian and in Europe/Rome time (spec §9). */
const TIME_ZONE = 'Europe/Rome';

const amountFormatter = new Intl.NumberFormat('it-IT', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: 'always',
});

/** '€ 1.234,50': Italian locale, two decimals, the euro sign in front. */
export function formatMoney(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) return '€ 0,00';
  const sign = value < 0 && Math.abs(value) >= 0.005 ? '-' : '';
  return `${sign}€ ${amountFormatter.format(Math.abs(value))}`;
}

const countFormatter = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });

/** A count in Italian, thousands grouped: '20.000'. */
export function formatCount(value: number): string {
  return countFormatter.format(value);
}

const datePartsFormatter = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;
const timeOnly = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

function romeParts(instant: Date | string) {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = Object.fromEntries(
    datePartsFormatter.formatToParts(date).map((part) => [part.type, part.value]),
  );
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
  };
}

/** 'dd-mm-yyyy'. A calendar date ('2025-03-09') is shown as is; an instant as its date in Rome. */
export function formatDate(value: Date | string): string {
  if (typeof value === 'string') {
    const match = dateOnly.exec(value);
    if (match) return `${match[3]}-${match[2]}-${match[1]}`;
  }
  const { year, month, day } = romeParts(value);
  return `${day}-${month}-${year}`;
}

/** 'HH:MM' on a 24-hour clock. A wall-clock time ('09:15:00') is shown as is; an instant as its time in Rome. */
export function formatTime(value: Date | string): string {
  if (typeof value === 'string') {
    const match = timeOnly.exec(value);
    if (match) return `${match[1]}:${match[2]}`;
  }
  const { hour, minute } = romeParts(value);
  return `${hour}:${minute}`;
}

/** 'dd-mm-yyyy HH:MM' in Rome. */
export function formatDateTime(value: Date | string): string {
  return `${formatDate(value)} ${formatTime(value)}`;
}

/** Today's calendar date in Rome, 'YYYY-MM-DD'. */
export function todayInRome(now: Date = new Date()): string {
  const { year, month, day } = romeParts(now);
  return `${year}-${month}-${day}`;
}
