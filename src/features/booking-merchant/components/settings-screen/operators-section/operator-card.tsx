import { CalendarClock, Pencil, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Operator } from '@/features/booking-merchant/api/list-operators';
import { DeleteOperatorDialog } from '@/features/booking-merchant/components/settings-screen/operators-section/delete-operator-dialog';
import { EditOperatorDialog } from '@/features/booking-merchant/components/settings-screen/operators-section/edit-operator-dialog';
import { OperatorCalendarDialog } from '@/features/booking-merchant/components/settings-screen/operators-section/operator-calendar-dialog';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { imageUrl } from '@/lib/image-url';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;

function OperatorPhoto({ operator }: { operator: Operator }) {
  return operator.image_url ? (
    <img
      src={imageUrl('operatori', operator.image_url) ?? undefined}
      alt={fill(t.photoOf, { name: operator.name })}
      width={75}
      height={75}
      className="size-[75px] shrink-0 rounded-full border border-border object-cover"
    />
  ) : (
    <span className="flex size-[75px] shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
      <UserRound aria-hidden="true" className="size-8" />
    </span>
  );
}

/** One operator with photo, and the calendar, edit and delete buttons. */
export function OperatorCard({ operator }: { operator: Operator }) {
  const [dialog, setDialog] = useState<'edit' | 'calendar' | 'delete' | null>(null);
  const close = () => setDialog(null);

  return (
    <div className="flex items-center gap-3 rounded-xl border border-border p-3">
      <OperatorPhoto operator={operator} />
      {/* The name and its buttons share one row, on a phone too: the name wraps, the buttons stay. */}
      <div className="flex min-w-0 flex-1 items-center gap-1">
        <p className="min-w-0 flex-1 text-lg font-semibold [overflow-wrap:anywhere]">{operator.name}</p>
        <div className="flex shrink-0">
          <Button
            variant="ghost"
            size="icon"
            aria-label={fill(t.operatorCalendarLabel, { name: operator.name })}
            onClick={() => setDialog('calendar')}
          >
            <CalendarClock aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={fill(t.editOperatorLabel, { name: operator.name })}
            onClick={() => setDialog('edit')}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={fill(t.deleteOperatorLabel, { name: operator.name })}
            onClick={() => setDialog('delete')}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {dialog === 'edit' ? <EditOperatorDialog operator={operator} onClose={close} /> : null}
      {dialog === 'calendar' ? <OperatorCalendarDialog operator={operator} onClose={close} /> : null}
      {dialog === 'delete' ? <DeleteOperatorDialog operator={operator} onClose={close} /> : null}
    </div>
  );
}
