import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { failureText } from '@/lib/api-error';

const t = bookingMerchantTexts.common;

/** Grey blocks where a list is about to appear. */
export function LoadingBlocks({ count = 3, className = 'h-24' }: { count?: number; className?: string }) {
  return (
    <div className="grid gap-3" aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className={className} />
      ))}
    </div>
  );
}

/** Data that could not be read: the reason and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-2xl border border-destructive bg-card p-4"
    >
      <p>{failureText(t.loadError, error)}</p>
      <Button variant="outline" onClick={onRetry}>
        {t.retry}
      </Button>
    </div>
  );
}
