import { cx } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { useCloseOnBack } from '@/components/ui/use-close-on-back';
import { texts } from '@/lib/texts';

/** Every dialog of the app: controlled, and closed by the browser's Back as well as by its buttons. */
export function Dialog({
  open,
  onOpenChange,
  ...props
}: Omit<ComponentProps<typeof DialogPrimitive.Root>, 'open' | 'onOpenChange'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  useCloseOnBack(open, () => onOpenChange(false));
  return <DialogPrimitive.Root open={open} onOpenChange={onOpenChange} {...props} />;
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  className,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-foreground/50" />
      <DialogPrimitive.Content className={cx('ui-dialog-content', className)} {...props}>
        {children}
        <DialogPrimitive.Close className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
          <XIcon aria-hidden="true" className="size-5" />
          <span className="sr-only">{texts.toast.close}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cx('ui-dialog-title', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cx('ui-dialog-description', className)} {...props} />;
}
