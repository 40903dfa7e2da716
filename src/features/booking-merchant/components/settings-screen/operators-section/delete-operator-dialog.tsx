import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { notify } from '@/components/ui/toaster';
import { useDeleteOperator } from '@/features/booking-merchant/api/delete-operator';
import type { Operator } from '@/features/booking-merchant/api/list-operators';
import { useOperatorDeletionImpact } from '@/features/booking-merchant/api/operator-deletion-impact';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { fill, plural } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;
const c = bookingMerchantTexts.common;

/**
 * Asks before deleting an operator and says what would happen, as the database counts it: with
 * confirmed appointments ahead the deletion is refused, requests naming the operator become requests
 * without preference, past appointments keep the name.
 */
export function DeleteOperatorDialog({ operator, onClose }: { operator: Operator; onClose: () => void }) {
  const impact = useOperatorDeletionImpact(operator.id);
  const remove = useDeleteOperator();
  const blocked = (impact.data?.upcoming_appointments ?? 0) > 0;

  const onDelete = async () => {
    try {
      notify.success((await remove.mutateAsync(operator.id)).message, 'long');
      onClose();
    } catch (error) {
      notify.error(fill(c.error, { message: errorMessage(error) }), 'long');
    }
  };

  const name = { name: operator.name };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogTitle className="pr-10">{fill(t.deleteOperatorTitle, name)}</DialogTitle>
        <DialogDescription>{t.deleteOperatorDescription}</DialogDescription>
        <QueryView query={impact} pending={<p aria-busy="true">{t.deleteImpactLoading}</p>}>
          {(data) => (
            <div className="grid gap-2">
              {blocked ? (
                <p role="alert" className="font-medium text-destructive">
                  {fill(plural(data.upcoming_appointments, t.deleteBlocked), name)}
                </p>
              ) : null}
              {!blocked && data.waiting_requests > 0 ? (
                <p>{fill(plural(data.waiting_requests, t.deleteWaiting), name)}</p>
              ) : null}
              {blocked ? null : <p>{t.deleteHistory}</p>}
            </div>
          )}
        </QueryView>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{blocked ? t.close : c.cancel}</Button>
          </DialogClose>
          {blocked ? null : (
            <Button
              variant="destructive"
              disabled={remove.isPending || !impact.isSuccess}
              onClick={() => void onDelete()}
            >
              {t.deleteOperator}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
