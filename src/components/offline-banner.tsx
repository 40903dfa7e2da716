import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { texts } from '@/lib/texts';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Says plainly when the device is offline: the app shell opens, but no data is fresh. */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-foreground px-4 py-2 text-center text-sm text-background"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <span>{texts.app.offline}</span>
    </div>
  );
}
