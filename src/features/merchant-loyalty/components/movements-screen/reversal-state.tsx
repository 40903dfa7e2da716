import { Button } from '@/components/ui/button';
import type { Movement, MovementReversal } from '@/features/merchant-loyalty/api/list-movements';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { formatDate } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = merchantLoyaltyTexts.movimenti;

/** A purchase's reversal state: 'Stornato' with its reason, 'Storno' on the reversing row, or the 'Storna' action. */
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
        <span className="w-fit rounded-full bg-destructive/10 px-2 py-0.5 font-semibold text-destructive">
          {t.reversed}
        </span>
        <span className="text-muted-foreground">{fill(t.reversedReason, { reason: reversal.reason })}</span>
      </div>
    );
  }
  if (reversal?.reversal_of) {
    return (
      <div className="grid gap-0.5 text-sm">
        <span className="w-fit rounded-full bg-muted px-2 py-0.5 font-semibold">{t.reversal}</span>
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
