import { Toaster as Sonner } from 'sonner';
import { texts, toastDuration } from '@/lib/texts';

/**
 * Green on success, red on error (spec §8), neutral for a notice; announced politely by sonner's live
 * region. The close button says 'Chiudi' and is a 44 px target inside the toast's right edge.
 */
export function SonnerToaster() {
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

export { toast } from 'sonner';
