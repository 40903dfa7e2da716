import { Button } from '@/components/ui/button';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { failureText } from '@/lib/api-error';

const t = merchantLoyaltyTexts.common;

/** A list or figure that could not be read: the reason in Italian and a way to try again. */
export function QueryFailed({
  error,
  onRetry,
  template = t.loadError,
}: {
  error: unknown;
  onRetry: () => void;
  template?: string;
}) {
  return (
    <div role="alert" className="grid gap-3 rounded-2xl border border-destructive bg-card p-4">
      <p>{failureText(template, error)}</p>
      <Button variant="outline" className="justify-self-start" onClick={onRetry}>
        {t.retry}
      </Button>
    </div>
  );
}
