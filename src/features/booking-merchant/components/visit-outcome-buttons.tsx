import { CalendarCheck, CalendarX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import { useMarkVisit, visitOutcomes } from '@/features/booking-merchant/api/mark-visit';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.visit;
const c = bookingMerchantTexts.common;

/** "Completata" and "Non presentata" for a visit whose start has passed, when its actions allow them. */
export function VisitOutcomeButtons({
  reservationId,
  client,
  actions,
  className,
  onMarked,
}: {
  reservationId: string;
  client: string;
  actions: readonly string[];
  className?: string;
  onMarked?: () => void;
}) {
  const mark = useMarkVisit();
  const onMark = async (outcome: keyof typeof visitOutcomes) => {
    try {
      const { message } = await mark.mutateAsync({ reservationId, outcome: visitOutcomes[outcome] });
      notify.success(message, 'long');
      onMarked?.();
    } catch (error) {
      notify.error(fill(c.error, { message: errorMessage(error) }), 'long');
    }
  };
  return (
    <>
      {actions.includes('complete') ? (
        <Button
          aria-label={fill(t.completeLabel, { client })}
          className={className}
          disabled={mark.isPending}
          onClick={() => void onMark('complete')}
        >
          <CalendarCheck aria-hidden="true" />
          {t.complete}
        </Button>
      ) : null}
      {actions.includes('no_show') ? (
        <Button
          variant="outline"
          aria-label={fill(t.noShowLabel, { client })}
          className={className}
          disabled={mark.isPending}
          onClick={() => void onMark('no_show')}
        >
          <CalendarX aria-hidden="true" />
          {t.noShow}
        </Button>
      ) : null}
    </>
  );
}
