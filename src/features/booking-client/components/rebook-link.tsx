import { Repeat } from 'lucide-react';
import { Link } from 'react-router';
import type { ReservationRow } from '@/components/booking/reservation-row';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { rebookState } from '@/features/booking-client/hooks/use-booking-address';
import { anyOperator } from '@/features/booking-client/components/operator-choice';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

const chosenOperator = (part: ReservationRow) => part.operator_id ?? anyOperator;

/**
 * 'Prenota di nuovo': Prenota, at its top, with the same treatment and operator chosen and the first open day;
 * for a visit, its first part so and the others added in their order.
 */
export function RebookLink({ parts }: { parts: [ReservationRow, ...ReservationRow[]] }) {
  const [first, ...others] = parts;
  const choice = { treatmentId: first.treatment_id ?? undefined, operatorId: chosenOperator(first) };
  const addedParts = others.map((part) => ({
    treatmentId: part.treatment_id ?? '',
    operatorId: chosenOperator(part),
  }));
  return (
    <Button asChild variant="outline">
      <Link
        to={paths.client.prenota.href(choice)}
        state={{ ...rebookState, addedParts }}
        aria-label={fill(t.rebookLabel, { treatment: parts.map((part) => part.treatment_name).join(', ') })}
        onClick={() => window.scrollTo(0, 0)}
      >
        <Repeat aria-hidden="true" />
        {t.rebook}
      </Link>
    </Button>
  );
}
