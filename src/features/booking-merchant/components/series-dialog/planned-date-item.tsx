import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { PlannedDate } from '@/features/booking-merchant/api/series';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { formatDate } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.serie;

/** What the salon decided about a date that does not fit: its alternative, or nothing. */
export type Decision = 'accepted' | 'skipped' | undefined;

/** One date of the planned series: free (✓), or the reason with the nearest free start to accept or skip. */
export function PlannedDateItem({
  planned,
  decision,
  onDecide,
}: {
  planned: PlannedDate;
  decision: Decision;
  onDecide: (decision: Decision) => void;
}) {
  const when = `${formatDate(planned.date)} · ${planned.time}`;
  if (planned.fits) {
    return (
      <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
        <span className="font-medium tabular-nums">{when}</span>
        <span className="inline-flex items-center gap-1 text-sm font-semibold text-primary">
          <Check aria-hidden="true" className="size-4" />
          {t.fits}
        </span>
      </li>
    );
  }
  const alternative =
    planned.alternative_date && planned.alternative_time
      ? { date: formatDate(planned.alternative_date), time: planned.alternative_time }
      : undefined;
  return (
    <li className="grid gap-2 rounded-md border border-dashed p-3">
      <span className="font-medium tabular-nums line-through decoration-muted-foreground">{when}</span>
      <span className="text-sm text-muted-foreground break-words">{planned.reason}</span>
      {alternative ? (
        <>
          <span className="text-sm font-semibold">{fill(t.proposed, alternative)}</span>
          <div className="flex flex-wrap gap-2" role="group" aria-label={fill(t.proposed, alternative)}>
            <Button
              variant={decision === 'accepted' ? 'default' : 'outline'}
              aria-pressed={decision === 'accepted'}
              aria-label={fill(t.acceptLabel, alternative)}
              onClick={() => onDecide('accepted')}
            >
              {decision === 'accepted' ? t.accepted : t.accept}
            </Button>
            <Button
              variant={decision === 'skipped' ? 'default' : 'outline'}
              aria-pressed={decision === 'skipped'}
              aria-label={fill(t.skipLabel, { date: formatDate(planned.date) })}
              onClick={() => onDecide('skipped')}
            >
              {decision === 'skipped' ? t.skipped : t.skip}
            </Button>
          </div>
        </>
      ) : (
        <span className="text-sm">{t.noAlternative}</span>
      )}
    </li>
  );
}
