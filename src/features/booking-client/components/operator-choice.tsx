import type { BookableTreatment } from '@/features/booking-client/api/list-bookable-treatments';
import { BookingStep } from '@/features/booking-client/components/booking-step';
import { ChoiceOption } from '@/features/booking-client/components/choice-option';
import { AnyOperatorAvatar, OperatorAvatar } from '@/features/booking-client/components/operator-avatar';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { imageUrl } from '@/lib/image-url';

const t = bookingClientTexts;

/** The value of 'Qualsiasi operatore': the request keeps no operator and the salon assigns a free one. */
export const anyOperator = 'qualsiasi';

/** Step 2: the operators who perform the treatment, as avatars, and 'Qualsiasi operatore'. */
export function OperatorChoice({
  operators,
  chosen,
  onChoose,
}: {
  operators: BookableTreatment['operators'];
  chosen: string;
  onChoose: (operatorId: string) => void;
}) {
  const option = 'min-w-24 max-w-36 flex-col items-center gap-2 px-3 py-3 text-center text-sm font-medium';
  return (
    <BookingStep number={2} legend={t.operatorStep}>
      <div className="flex flex-wrap gap-3">
        <ChoiceOption
          name="operator"
          value={anyOperator}
          checked={chosen === anyOperator}
          onChoose={onChoose}
          className={option}
        >
          <AnyOperatorAvatar />
          <span>{t.anyOperator}</span>
        </ChoiceOption>
        {operators.map((operator) => (
          <ChoiceOption
            key={operator.id}
            name="operator"
            value={operator.id}
            checked={chosen === operator.id}
            onChoose={onChoose}
            className={option}
          >
            <OperatorAvatar name={operator.name} imageUrl={imageUrl('operatori', operator.image_url)} />
            <span className="w-full hyphens-auto">{operator.name}</span>
          </ChoiceOption>
        ))}
      </div>
    </BookingStep>
  );
}
