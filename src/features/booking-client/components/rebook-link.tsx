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

/** 'Prenota di nuovo': Prenota, at its top, with the same treatment and operator chosen and the first open day. */
export function RebookLink({ reservation }: { reservation: ReservationRow }) {
  const choice = {
    treatmentId: reservation.treatment_id ?? undefined,
    operatorId: reservation.operator_id ?? anyOperator,
  };
  return (
    <Button asChild variant="outline">
      <Link
        to={paths.client.prenota.href(choice)}
        state={rebookState}
        aria-label={fill(t.rebookLabel, { treatment: reservation.treatment_name })}
        onClick={() => window.scrollTo(0, 0)}
      >
        <Repeat aria-hidden="true" />
        {t.rebook}
      </Link>
    </Button>
  );
}
