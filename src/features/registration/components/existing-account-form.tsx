import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import type { JoinMerchantResult } from '@/features/registration/api/join-merchant';
import { useJoinWithAccount } from '@/features/registration/api/join-with-account';
import { failureText } from '@/lib/api-error';
import { maxLength } from '@/lib/input-limits';
import { fill, texts } from '@/lib/texts';

const t = texts.registration;
const formSchema = z.object({
  password: z.string().check(z.minLength(1, texts.validation.passwordRequired)),
});
type FormValues = z.input<typeof formSchema>;

interface ExistingAccountFormProps {
  merchantSlug: string;
  /** What the visitor entered in the registration form, password aside. */
  registration: {
    name: string;
    email: string;
    phone?: string;
    sponsorCode?: string;
    privacyAccepted: boolean;
    marketingAccepted?: boolean;
  };
  /** The new client record, or null when the account was already a client of this salon. */
  onJoined: (result: JoinMerchantResult | null) => void;
  onBack: () => void;
}

/** The e-mail already has an account (a customer of another salon): its password joins this salon too. */
export function ExistingAccountForm({
  merchantSlug,
  registration,
  onJoined,
  onBack,
}: ExistingAccountFormProps) {
  const joinWithAccount = useJoinWithAccount();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      onJoined(await joinWithAccount.mutateAsync({ ...registration, password, merchantSlug }));
    } catch (error) {
      notify.error(failureText(t.error, error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <div role="status" className="grid gap-1 rounded-2xl bg-accent/60 p-4">
        <p className="font-semibold text-accent-foreground">{t.existingTitle}</p>
        <p>{fill(t.existingLead, { email: registration.email })}</p>
      </div>
      <FormField label={t.existingPassword} error={errors.password?.message}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            autoFocus
            maxLength={maxLength.password}
            {...form.register('password')}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t.existingSubmitting : t.existingSubmit}
      </Button>
      <div className="grid gap-1 text-center">
        <Link
          to={paths.clientResetPassword.href(merchantSlug)}
          className="inline-flex min-h-11 items-center justify-center font-medium underline"
        >
          {texts.login.forgotPassword}
        </Link>
        <Button type="button" variant="ghost" onClick={onBack}>
          {t.otherEmail}
        </Button>
      </div>
    </form>
  );
}
