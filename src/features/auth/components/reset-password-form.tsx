import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { useSendPasswordReset } from '@/features/auth/api/send-password-reset';
import { failureText } from '@/lib/api-error';
import { texts } from '@/lib/texts';

const formSchema = z.object({ email: z.email(texts.validation.emailRequired) });
type FormValues = z.infer<typeof formSchema>;

interface ResetPasswordFormProps {
  /** The action route the e-mail's link opens (with mode=resetPassword). */
  redirectTo: string;
  loginHref: string;
}

/** Asks for the e-mail address, sends the recovery instructions and returns to the login. */
export function ResetPasswordForm({ redirectTo, loginHref }: ResetPasswordFormProps) {
  const navigate = useNavigate();
  const sendPasswordReset = useSendPasswordReset();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await sendPasswordReset.mutateAsync({ email, redirectTo });
      notify.success(texts.resetPassword.sent, 'long');
      await navigate(loginHref);
    } catch (error) {
      notify.error(failureText(texts.resetPassword.error, error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <FormField label={texts.fields.email} error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.register('email')}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? texts.resetPassword.submitting : texts.resetPassword.submit}
      </Button>
      <p className="text-center">
        <Link to={loginHref} className="inline-flex min-h-11 items-center font-medium underline">
          {texts.resetPassword.backToLogin}
        </Link>
      </p>
    </form>
  );
}
