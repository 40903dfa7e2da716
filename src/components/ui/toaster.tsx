import { Toaster as Sonner, toast as sonnerToast } from 'sonner';
import { texts, toastDuration } from '@/lib/texts';

/**
 * Green on success, red on error (spec §8), neutral for a notice; announced politely by sonner's live
 * region. The close button says 'Chiudi' and is a 44 px target inside the toast's right edge.
 */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
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

type Duration = keyof typeof toastDuration;

/** Toasts with the spec's durations: 'short' 4 s (default), 'long' 7 s. */
export const notify = {
  success: (message: string, duration: Duration = 'short') =>
    sonnerToast.success(message, { duration: toastDuration[duration] }),
  error: (message: string, duration: Duration = 'short') =>
    sonnerToast.error(message, { duration: toastDuration[duration] }),
  /** A neutral notice, neither success nor failure ('Nessuna modifica effettuata'). */
  info: (message: string, duration: Duration = 'short') =>
    sonnerToast.info(message, { duration: toastDuration[duration] }),
};
