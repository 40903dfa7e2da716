/** A run of consecutive closed days with the same reason, shown as one period. */
export interface ClosurePeriod {
  days: string[];
  reason: string | null;
}

const months = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];

const dayInMs = 24 * 60 * 60 * 1000;

function follows(previous: string, next: string): boolean {
  return Date.parse(`${next}T00:00:00Z`) - Date.parse(`${previous}T00:00:00Z`) === dayInMs;
}

/** The closed days (sorted, as booking_calendar gives them) folded into periods of consecutive days. */
export function closurePeriods(closed: readonly { day: string; reason: string | null }[]): ClosurePeriod[] {
  const periods: ClosurePeriod[] = [];
  for (const { day, reason } of closed) {
    const last = periods.at(-1);
    if (last && last.reason === reason && follows(last.days.at(-1)!, day)) last.days.push(day);
    else periods.push({ days: [day], reason });
  }
  return periods;
}

function parts(date: string) {
  const [year = '', month = '', day = ''] = date.split('-');
  return {
    year,
    month: months[Number(month) - 1] ?? '',
    day: Number(day) === 1 ? '1°' : String(Number(day)),
  };
}

/** 'dal 10', elided before 8 and 11 ('dall'8'); likewise 'al'. */
function withDay(word: 'dal' | 'al', day: string): string {
  return day === '8' || day === '11' ? `${word}l'${day}` : `${word} ${day}`;
}

/**
 * A period in Italian: '24 dicembre 2030', 'dal 10 al 14 agosto 2030', 'dal 30 luglio al 2 agosto 2030',
 * 'dal 30 dicembre 2030 al 2 gennaio 2031'.
 */
export function periodText(first: string, last: string): string {
  const from = parts(first);
  const to = parts(last);
  if (first === last) return `${from.day} ${from.month} ${from.year}`;
  const fromRest =
    from.year !== to.year ? ` ${from.month} ${from.year}` : from.month !== to.month ? ` ${from.month}` : '';
  return `${withDay('dal', from.day)}${fromRest} ${withDay('al', to.day)} ${to.month} ${to.year}`;
}
