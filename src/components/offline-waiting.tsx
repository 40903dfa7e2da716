import { WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cx } from 'class-variance-authority';
import { texts } from '@/lib/texts';

/**
 * What a screen shows instead of an endless 'Caricamento...' while its data waits for the connection
 * (a paused query): it loads by itself when the connection returns; 'Riprova' asks at once.
 */
export function OfflineWaiting({
  onRetry,
  fullScreen = false,
}: {
  onRetry: () => void;
  fullScreen?: boolean;
}) {
  return (
    <div role="alert" className={cx('grid place-items-center p-6 text-center', fullScreen && 'min-h-dvh')}>
      <div className="grid max-w-sm justify-items-center gap-4">
        <WifiOff aria-hidden="true" className="size-10 text-primary" />
        <p className="text-lg font-semibold">{texts.app.offlineWaiting}</p>
        <Button onClick={onRetry}>{texts.app.retry}</Button>
      </div>
    </div>
  );
}
