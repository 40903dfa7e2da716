import { Toaster as Sonner, toast as sonnerToast } from 'sonner';
import { texts, toastDuration } from '@/lib/texts';

/** Green on success, red on error (spec §8); announced politely by sonner's live region. */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      closeButton
      containerAriaLabel={texts.toast.notifications}
      toastOptions={{
        duration: toastDuration.short,
        classNames: {
          toast: 'font-sans text-base',
          success: '!bg-success !text-success-foreground !border-success',
          error: '!bg-destructive !text-destructive-foreground !border-destructive',
          closeButton: '!text-foreground',
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
};
