import { Clock } from 'lucide-react';
import type { BookableTreatment } from '@/features/booking-client/api/list-bookable-treatments';
import { BookingStep } from '@/features/booking-client/components/booking-step';
import { ChoiceOption } from '@/features/booking-client/components/choice-option';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { formatMoney } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

/** Step 1: the salon's treatments as cards with name, duration and price. */
export function TreatmentChoice({
  treatments,
  chosen,
  onChoose,
}: {
  treatments: BookableTreatment[];
  chosen: string;
  onChoose: (treatmentId: string) => void;
}) {
  return (
    <BookingStep number={1} legend={t.treatmentStep}>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,15rem),1fr))] gap-3">
        {treatments.map((treatment) => (
          <ChoiceOption
            key={treatment.id}
            name="treatment"
            value={treatment.id}
            checked={chosen === treatment.id}
            onChoose={onChoose}
            className="p-4"
          >
            <span className="grid w-full gap-1">
              <span className="flex items-start justify-between gap-3">
                <span className="font-semibold">{treatment.name}</span>
                <span className="font-semibold whitespace-nowrap text-primary tabular-nums">
                  {formatMoney(treatment.price)}
                </span>
              </span>
              <span className="flex items-center gap-1 text-sm text-muted-foreground">
                <Clock aria-hidden="true" className="size-4" />
                {fill(t.duration, { minutes: treatment.duration_minutes })}
              </span>
              {treatment.description ? (
                <span className="line-clamp-2 text-sm text-muted-foreground">{treatment.description}</span>
              ) : null}
            </span>
          </ChoiceOption>
        ))}
      </div>
    </BookingStep>
  );
}
