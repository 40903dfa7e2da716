import { WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { texts } from '@/lib/texts';

/** A screen's data could not be read (offline, most often): say so plainly and offer to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="grid min-h-dvh place-items-center p-6 text-center">
      <div className="grid max-w-sm justify-items-center gap-4">
        <WifiOff aria-hidden="true" className="size-10 text-primary" />
        <p className="text-lg font-semibold">
          {navigator.onLine ? texts.app.checkFailed : texts.app.offlineRetry}
        </p>
        <Button onClick={onRetry}>{texts.app.retry}</Button>
      </div>
    </div>
  );
}
