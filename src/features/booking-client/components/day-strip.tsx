import { dateWithWeekday, stripDayParts } from '@/components/booking/booking-dates';
import type { BookingDay } from '@/features/booking-client/api/list-booking-days';
import { BookingStep } from '@/features/booking-client/components/booking-step';
import { ChoiceOption } from '@/features/booking-client/components/choice-option';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

/** Step 3: the next 30 days in a strip that scrolls sideways; the days the salon is closed say so. */
export function DayStrip({
  days,
  chosen,
  onChoose,
  number = 3,
}: {
  days: BookingDay[];
  chosen: string;
  /** Its place among the steps shown (Prenota's, or Sposta's day and time). */
  number?: number;
  onChoose: (date: string) => void;
}) {
  return (
    <BookingStep number={number} legend={t.dayStep}>
      <div className="-mx-1 flex snap-x gap-2 overflow-x-auto px-1 pt-1 pb-3">
        {days.map((day) => {
          const parts = stripDayParts(day.date);
          const name = dateWithWeekday(day.date);
          return (
            <ChoiceOption
              key={day.date}
              name="day"
              value={day.date}
              checked={chosen === day.date}
              disabled={day.closed}
              label={day.closed ? fill(t.closedDay, { day: name }) : name}
              onChoose={onChoose}
              className="w-16 shrink-0 snap-start flex-col items-center py-2 text-center leading-tight"
            >
              <span className="text-xs first-letter:uppercase">{parts.weekday}</span>
              <span className="text-xl font-semibold tabular-nums">{parts.day}</span>
              <span className="text-xs">{day.closed ? t.closed : parts.month}</span>
            </ChoiceOption>
          );
        })}
      </div>
    </BookingStep>
  );
}
