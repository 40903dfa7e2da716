import { texts } from '@/lib/texts';

/** Shown while the sign-in check or a screen's code loads (spec §2: 'Caricamento...'). */
export function LoadingScreen() {
  return (
    <div role="status" aria-live="polite" className="grid min-h-dvh place-items-center p-6">
      <div className="flex flex-col items-center gap-4">
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-accent border-t-primary"
        />
        <p className="text-lg font-medium text-muted-foreground">{texts.app.loading}</p>
      </div>
    </div>
  );
}
