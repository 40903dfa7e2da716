import { Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Movement, MovementReversal } from '@/features/merchant-loyalty/api/list-movements';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { formatDate } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = merchantLoyaltyTexts.movimenti;

/**
 * A purchase's reversal state, told apart at a glance: the red 'Stornato' badge on a reversed purchase,
 * the plain 'Storno' label with its arrow on the reversing row, or the 'Storna' button.
 */
export function ReversalState({
  movement,
  reversal,
  onReverse,
}: {
  movement: Movement;
  reversal: MovementReversal | null;
  onReverse: (movement: Movement) => void;
}) {
  if (reversal?.reversed_by) {
    return (
      <div className="grid gap-0.5 text-sm">
        <span className="w-fit rounded-full bg-destructive px-2.5 py-0.5 font-semibold text-destructive-foreground">
          {t.reversed}
        </span>
        <span className="text-muted-foreground">{fill(t.reversedReason, { reason: reversal.reason })}</span>
      </div>
    );
  }
  if (reversal?.reversal_of) {
    return (
      <div className="grid gap-0.5 text-sm">
        <span className="flex w-fit items-center gap-1 font-semibold text-muted-foreground">
          <Undo2 aria-hidden="true" className="size-4" />
          {t.reversal}
        </span>
        <span className="text-muted-foreground">{fill(t.reversedReason, { reason: reversal.reason })}</span>
      </div>
    );
  }
  return (
    <Button
      variant="outline"
      aria-label={fill(t.reverseLabel, { client: movement.client_name, date: formatDate(movement.date) })}
      onClick={() => onReverse(movement)}
    >
      {t.reverse}
    </Button>
  );
}
