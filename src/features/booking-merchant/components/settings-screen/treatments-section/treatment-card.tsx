import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Operator } from '@/features/booking-merchant/api/list-operators';
import type { Treatment } from '@/features/booking-merchant/api/list-treatments';
import { DeleteTreatmentDialog } from '@/features/booking-merchant/components/settings-screen/treatments-section/delete-treatment-dialog';
import { EditTreatmentDialog } from '@/features/booking-merchant/components/settings-screen/treatments-section/edit-treatment-dialog';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { formatMoney } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;

/** One treatment as the customer will see it, with its operators and the edit and delete buttons. */
export function TreatmentCard({ treatment, operators }: { treatment: Treatment; operators: Operator[] }) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const close = () => setDialog(null);
  const names = treatment.for_all_operators
    ? t.forAll
    : (treatment.operator_ids ?? [])
        .map((id) => operators.find((operator) => operator.id === id)?.name)
        .filter(Boolean)
        .join(', ');

  return (
    <article className="grid h-full content-start gap-2 rounded-xl border border-border p-4">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-sans text-lg font-semibold break-words">{treatment.name}</h3>
        <div className="-mt-2 -mr-2 flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={fill(t.editTreatmentLabel, { name: treatment.name })}
            onClick={() => setDialog('edit')}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={fill(t.deleteTreatmentLabel, { name: treatment.name })}
            onClick={() => setDialog('delete')}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {treatment.description ? <p className="text-muted-foreground">{treatment.description}</p> : null}
      <p className="flex flex-wrap gap-x-3 font-medium tabular-nums">
        <span>{fill(t.minutes, { minutes: treatment.duration_minutes })}</span>
        <span className="text-primary">{formatMoney(treatment.price)}</span>
      </p>
      {treatment.buffer_minutes || treatment.processing_minutes ? (
        <p className="text-sm text-muted-foreground">
          {[
            treatment.processing_minutes
              ? fill(t.processingFrom, {
                  from: treatment.processing_offset_minutes ?? 0,
                  minutes: treatment.processing_minutes,
                })
              : null,
            treatment.buffer_minutes ? fill(t.pauseAfter, { minutes: treatment.buffer_minutes }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      {names ? <p className="text-sm">{names}</p> : null}
      {dialog === 'edit' ? (
        <EditTreatmentDialog treatment={treatment} operators={operators} onClose={close} />
      ) : null}
      {dialog === 'delete' ? <DeleteTreatmentDialog treatment={treatment} onClose={close} /> : null}
    </article>
  );
}
