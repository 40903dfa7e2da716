import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { QueryView } from '@/components/query-view';
import type { FreeTimePeriod } from '@/features/booking-client/api/list-free-time-periods';
import { BookingStep } from '@/features/booking-client/components/booking-step';
import { ChoiceOption } from '@/features/booking-client/components/choice-option';
import { bookingClientTexts } from '@/features/booking-client/texts';

const t = bookingClientTexts;

/** Step 4: the free times of the day as chips, under 'Mattina', 'Pomeriggio' and 'Sera' as the database groups them. */
export function TimeChips({
  periods,
  chosen,
  onChoose,
  number = 4,
}: {
  periods: UseQueryResult<FreeTimePeriod[]>;
  chosen: string;
  /** Its place among the steps shown (Prenota's, or Sposta's day and time). */
  number?: number;
  onChoose: (time: string) => void;
}) {
  const id = useId();
  return (
    <BookingStep number={number} legend={t.timeStep}>
      <QueryView
        query={periods}
        pending={
          <p className="text-muted-foreground" aria-live="polite">
            {t.loadingTimes}
          </p>
        }
        empty={<p className="font-medium text-muted-foreground">{t.noTimes}</p>}
      >
        {(data) =>
          data.map((group, index) => (
            <div key={group.period} role="group" aria-labelledby={`${id}-${index}`} className="grid gap-2">
              <p
                id={`${id}-${index}`}
                className="text-sm font-semibold text-muted-foreground first-letter:uppercase"
              >
                {group.period}
              </p>
              <div className="flex flex-wrap gap-2">
                {group.times.map((time) => (
                  <ChoiceOption
                    key={time}
                    name="time"
                    value={time}
                    checked={chosen === time}
                    onChoose={onChoose}
                    className="min-w-[4.75rem] items-center justify-center rounded-full px-3 font-medium tabular-nums"
                  >
                    {time}
                  </ChoiceOption>
                ))}
              </div>
            </div>
          ))
        }
      </QueryView>
    </BookingStep>
  );
}
