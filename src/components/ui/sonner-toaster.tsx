import { Toaster as Sonner } from 'sonner';
import { texts, toastDuration } from '@/lib/texts';

/**
 * Green on success, red on error (spec §8), neutral for a notice; announced politely by sonner's live
 * region. The close button says 'Chiudi' and is a 44 px target inside the toast's right edge.
 * At the bottom, away from page titles and the fields at the top of a form: in the desktop's right
 * corner, and on a phone above the navigation bar (5 rem with its safe area).
 */
export function SonnerToaster() {
  return (
    <Sonner
      position="bottom-right"
      mobileOffset={{ bottom: 'calc(5rem + env(safe-area-inset-bottom))', left: '1rem', right: '1rem' }}
      closeButton
      containerAriaLabel={texts.toast.notifications}
      toastOptions={{
        duration: toastDuration.short,
        closeButtonAriaLabel: texts.toast.close,
        classNames: {
          toast: 'font-sans text-base !pr-14',
          success: '!bg-success !text-success-foreground !border-success',
          error: '!bg-destructive !text-destructive-foreground !border-destructive',
          info: '!bg-card !text-foreground !border-border-strong',
          closeButton:
            '!top-1/2 !right-1 !left-auto !size-11 !-translate-y-1/2 !transform-none !translate-x-0 !rounded-lg !border-0 !bg-transparent !text-current hover:!bg-foreground/10 [&>svg]:!size-5',
        },
      }}
    />
  );
}

export { toast } from 'sonner';
