import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { notify } from '@/components/ui/toaster';
import { useDeleteTreatment } from '@/features/booking-merchant/api/delete-treatment';
import type { Treatment } from '@/features/booking-merchant/api/list-treatments';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;
const c = bookingMerchantTexts.common;

/** 'Elimina': asks before the treatment goes. */
export function DeleteTreatmentDialog({ treatment, onClose }: { treatment: Treatment; onClose: () => void }) {
  const remove = useDeleteTreatment();

  const onDelete = async () => {
    try {
      await remove.mutateAsync(treatment.id);
      notify.success(t.treatmentDeleted, 'long');
      onClose();
    } catch (error) {
      notify.error(fill(t.treatmentDeleteError, { message: errorMessage(error) }), 'long');
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogTitle className="pr-10">{fill(t.deleteTreatmentTitle, { name: treatment.name })}</DialogTitle>
        <DialogDescription>{t.deleteTreatmentDescription}</DialogDescription>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{c.cancel}</Button>
          </DialogClose>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => void onDelete()}>
            {t.deleteTreatment}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
