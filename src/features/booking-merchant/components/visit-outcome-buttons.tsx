import { CalendarCheck, CalendarX, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import { useMarkVisit, visitOutcomes } from '@/features/booking-merchant/api/mark-visit';
import { CompleteVisitDialog } from '@/features/booking-merchant/components/complete-visit-dialog';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.visit;
const c = bookingMerchantTexts.common;

/**
 * For a visit whose start has passed, when its actions allow them: "Completa e registra" (its purchase
 * and the visit in one go), "Completata" and "Non presentata".
 */
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
  const [purchasing, setPurchasing] = useState(false);
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
          aria-label={fill(t.completeWithPurchaseLabel, { client })}
          className={className}
          onClick={() => setPurchasing(true)}
        >
          <Receipt aria-hidden="true" />
          {t.completeWithPurchase}
        </Button>
      ) : null}
      {actions.includes('complete') ? (
        <Button
          variant="outline"
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
      {purchasing ? (
        <CompleteVisitDialog reservationId={reservationId} onOpenChange={setPurchasing} onDone={onMarked} />
      ) : null}
    </>
  );
}
