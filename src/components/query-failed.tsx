import { Button } from '@/components/ui/button';
import { texts } from '@/lib/texts';

/** Data that could not be read: the reason in Italian and, when given, a way to try again. */
export function QueryFailed({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-2xl border border-destructive bg-card p-4"
    >
      <p>{message}</p>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry}>
          {texts.app.retry}
        </Button>
      ) : null}
    </div>
  );
}
