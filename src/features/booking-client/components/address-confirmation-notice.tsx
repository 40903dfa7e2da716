import { Mail } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import { useResendAddressConfirmation } from '@/features/booking-client/api/resend-address-confirmation';
import { bookingClientTexts as t } from '@/features/booking-client/texts';
import { errorMessage } from '@/lib/api-error';

/** Why Prenota refused: the address is not confirmed yet (the database's message), with the link sent again on request. */
export function AddressConfirmationNotice({
  merchantSlug,
  message,
}: {
  merchantSlug: string;
  message: string;
}) {
  const resend = useResendAddressConfirmation();
  const section = useRef<HTMLElement>(null);
  // Shown after 'Prenota', far below on a phone: brought into view.
  useEffect(() => section.current?.scrollIntoView({ block: 'center' }), []);
  const onResend = async () => {
    try {
      notify.success((await resend.mutateAsync(merchantSlug)).message);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return (
    <section
      ref={section}
      role="alert"
      aria-label={t.confirmAddressTitle}
      className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4"
    >
      <p className="flex items-start gap-2 font-semibold">
        <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
        <span>{message}</span>
      </p>
      <p className="text-sm text-muted-foreground">{t.confirmAddressHelp}</p>
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={resend.isPending}
        onClick={() => void onResend()}
      >
        {resend.isPending ? t.resendingLink : t.resendLink}
      </Button>
    </section>
  );
}
