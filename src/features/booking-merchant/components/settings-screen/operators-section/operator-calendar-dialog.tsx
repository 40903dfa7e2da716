import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useBookingCalendar } from '@/features/booking-merchant/api/get-booking-calendar';
import type { Operator } from '@/features/booking-merchant/api/list-operators';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { fill } from '@/lib/texts';
import { OperatorHoursForm } from '@/features/booking-merchant/components/settings-screen/operators-section/operator-hours-form';
import { OperatorAbsences } from '@/features/booking-merchant/components/settings-screen/operators-section/operator-absences';

const t = bookingMerchantTexts.impostazioni;

/** One operator's weekly hours (or the salon's) and absences, from the operator's card. */
export function OperatorCalendarDialog({ operator, onClose }: { operator: Operator; onClose: () => void }) {
  const calendar = useBookingCalendar();
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl grid-cols-[minmax(0,1fr)] px-3 sm:px-6">
        <DialogTitle className="pr-10">{fill(t.operatorCalendarTitle, { name: operator.name })}</DialogTitle>
        <DialogDescription>{t.operatorCalendarDescription}</DialogDescription>
        <QueryView query={calendar} pending={<LoadingBlocks count={3} className="h-16" />}>
          {(data) => (
            <>
              <OperatorHoursForm operator={operator} calendar={data} />
              <OperatorAbsences operator={operator} calendar={data} />
            </>
          )}
        </QueryView>
      </DialogContent>
    </Dialog>
  );
}
