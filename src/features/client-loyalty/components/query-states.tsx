import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';

const t = clientLoyaltyTexts.common;

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

/** A screen's data could not be read: say why and offer to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-2xl border border-destructive p-4">
      <p>{message}</p>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry}>
          {t.retry}
        </Button>
      ) : null}
    </div>
  );
}
