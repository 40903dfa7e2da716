import type { UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import type { SignInInput } from '@/features/auth/api/sign-in';
import { texts } from '@/lib/texts';

/** Email, Password and 'Accedi': the part every sign-in form shares. */
export function SignInFields({ form }: { form: UseFormReturn<SignInInput> }) {
  const { errors, isSubmitting } = form.formState;
  return (
    <>
      <FormField label={texts.fields.email} error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="username"
            inputMode="email"
            {...form.register('email')}
          />
        )}
      </FormField>
      <FormField label={texts.fields.password} error={errors.password?.message}>
        {(control) => (
          <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? texts.login.submitting : texts.login.submit}
      </Button>
    </>
  );
}
