import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { texts } from '@/lib/texts';
import { applyUpdate, useUpdateAvailable } from '@/pwa/app-update';

/** 'Nuova versione disponibile — Aggiorna': the deployed version, on the customer's say-so. */
export function UpdateBanner() {
  const available = useUpdateAvailable();
  const [applying, setApplying] = useState(false);
  if (!available) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 bg-accent px-4 py-2 text-center text-accent-foreground"
    >
      <span className="font-semibold">{texts.app.updateReady}</span>
      <Button
        size="default"
        disabled={applying}
        onClick={() => {
          setApplying(true);
          applyUpdate();
        }}
      >
        <RefreshCw aria-hidden="true" />
        {texts.app.reload}
      </Button>
    </div>
  );
}
