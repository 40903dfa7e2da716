import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import type { SignedInCustomer } from '@/features/registration/api/get-signed-in-customer';
import { useJoinAsSignedIn } from '@/features/registration/api/join-as-signed-in';
import type { JoinMerchantResult } from '@/features/registration/api/join-merchant';
import { failureText } from '@/lib/api-error';
import { fill, texts } from '@/lib/texts';

const t = texts.registration;
const formSchema = z.object({
  privacyAccepted: z.boolean().check(z.refine((value) => value, texts.validation.privacyRequired)),
  marketingAccepted: z.boolean(),
});
type FormValues = z.input<typeof formSchema>;

interface JoinAsCustomerFormProps {
  merchantSlug: string;
  merchantName: string;
  customer: SignedInCustomer;
  sponsorCode: string;
  onJoined: (result: JoinMerchantResult) => void;
  /** She would rather register another account: the full form. */
  onOtherAccount: () => void;
}

/** A customer of other salons, signed in: this salon's consents and one tap join it with her account. */
export function JoinAsCustomerForm({
  merchantSlug,
  merchantName,
  customer,
  sponsorCode,
  onJoined,
  onOtherAccount,
}: JoinAsCustomerFormProps) {
  const join = useJoinAsSignedIn();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { privacyAccepted: false, marketingAccepted: false },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (consents) => {
    try {
      onJoined(await join.mutateAsync({ merchantSlug, name: customer.name, sponsorCode, ...consents }));
    } catch (error) {
      notify.error(failureText(t.error, error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <div role="status" className="grid gap-1 rounded-2xl bg-accent/60 p-4">
        <p className="font-semibold text-accent-foreground">
          {fill(t.joinAsTitle, { merchant: merchantName })}
        </p>
        <p className="break-words">{fill(t.joinAsLead, { email: customer.email ?? customer.name })}</p>
      </div>
      <CheckboxField
        label={t.privacyLabel}
        error={errors.privacyAccepted?.message}
        description={
          <Link
            to={paths.clientPrivacy.href(merchantSlug)}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center font-medium underline"
          >
            {t.privacyLink}
          </Link>
        }
        {...form.register('privacyAccepted')}
      />
      <CheckboxField label={t.marketingLabel} {...form.register('marketingAccepted')} />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t.joinAsSubmitting : fill(t.joinAsSubmit, { merchant: merchantName })}
      </Button>
      <Button type="button" variant="ghost" onClick={onOtherAccount} disabled={isSubmitting}>
        {t.joinAsOther}
      </Button>
    </form>
  );
}
