import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { notify } from '@/components/ui/toaster';
import { signOut } from '@/features/auth/api/sign-out';
import {
  updatePasswordInputSchema,
  useUpdatePassword,
  type UpdatePasswordInput,
} from '@/features/auth/api/update-password';
import { useVerifyEmailLink } from '@/features/auth/api/verify-email-link';
import { failureText } from '@/lib/api-error';
import { fill, texts } from '@/lib/texts';
import { ActionOutcome } from '@/features/auth/components/auth-action/action-outcome';

/** A password-reset link: checks it, then asks for the new password. */
export function ResetPasswordAction({ oobCode, loginHref }: { oobCode: string; loginHref: string }) {
  const navigate = useNavigate();
  const verification = useVerifyEmailLink({ tokenHash: oobCode, type: 'recovery' }, Boolean(oobCode));
  const updatePassword = useUpdatePassword();
  const form = useForm<UpdatePasswordInput>({
    resolver: zodResolver(updatePasswordInputSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (!oobCode || verification.isError) {
    return (
      <ActionOutcome title={texts.action.resetTitle} tone="error" loginHref={loginHref}>
        {texts.action.invalidLink}
      </ActionOutcome>
    );
  }
  if (!verification.data) {
    return (
      <ActionOutcome title={texts.action.resetTitle} tone="pending">
        {texts.app.loading}
      </ActionOutcome>
    );
  }

  const email = verification.data.email;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await updatePassword.mutateAsync(input);
      await signOut();
      notify.success(texts.action.passwordUpdated);
      await navigate(loginHref, { replace: true });
    } catch (error) {
      notify.error(failureText(texts.action.error, error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <PageHeading>{texts.action.resetTitle}</PageHeading>
      <p className="text-muted-foreground">{fill(texts.action.resetSubtitle, { email })}</p>
      <FormField label={texts.action.account}>
        {(control) => <Input {...control} type="email" value={email} readOnly autoComplete="username" />}
      </FormField>
      <FormField label={texts.fields.newPassword} error={errors.password?.message}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? texts.action.resetSubmitting : texts.action.resetSubmit}
      </Button>
    </form>
  );
}
