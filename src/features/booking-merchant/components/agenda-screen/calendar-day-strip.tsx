import { dateWithWeekday } from '@/components/booking/booking-dates';
import type { CalendarDay } from '@/features/booking-merchant/api/get-merchant-calendar';
import { dayOfMonth, shortWeekdayOf } from '@/features/booking-merchant/calendar-dates';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { cx } from 'class-variance-authority';
import { fill, plural } from '@/lib/texts';

const t = bookingMerchantTexts.agenda;

/** The week's days side by side, each with its count of appointments; one is chosen. */
export function CalendarDayStrip({
  days,
  today,
  selected,
  onSelect,
}: {
  days: CalendarDay[];
  today: string;
  selected: string;
  onSelect: (date: string) => void;
}) {
  return (
    <ul aria-label={t.days} className="grid grid-cols-7 gap-1">
      {days.map((day) => {
        const count = day.appointments.length;
        const chosen = day.date === selected;
        return (
          <li key={day.date} className="min-w-0">
            <button
              type="button"
              aria-pressed={chosen}
              onClick={() => onSelect(day.date)}
              className={cx(
                'grid min-h-16 w-full justify-items-center gap-0.5 rounded-xl border px-0.5 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-ring',
                chosen
                  ? 'border-primary bg-primary text-primary-foreground'
                  : day.closed
                    ? 'border-border bg-muted text-muted-foreground'
                    : 'border-border bg-card hover:bg-muted',
              )}
            >
              <span className="sr-only">
                {fill(t.dayLabel, {
                  date: dateWithWeekday(day.date),
                  count: plural(count, t.appointments),
                })}
              </span>
              <span aria-hidden="true" className="first-letter:uppercase">
                {shortWeekdayOf(day.date)}
              </span>
              <span
                aria-hidden="true"
                className={cx(
                  'text-lg leading-6 font-semibold tabular-nums',
                  day.date === today && !chosen && 'text-primary underline underline-offset-4',
                )}
              >
                {dayOfMonth(day.date)}
              </span>
              <span aria-hidden="true" className="text-xs tabular-nums">
                {count > 0 ? count : '·'}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
