import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { notify } from '@/components/ui/toaster';
import { createMerchantInputSchema, useCreateMerchant } from '@/features/admin/api/create-merchant';
import { merchantLinks, slugPreview } from '@/features/admin/merchant-links';
import { adminTexts } from '@/features/admin/texts';
import { adminFailureText } from '@/lib/api-error';
import { fill } from '@/lib/texts';
import { maxLength } from '@/lib/input-limits';

const t = adminTexts.merchants;

type FormInput = z.input<typeof createMerchantInputSchema>;
type FormOutput = z.output<typeof createMerchantInputSchema>;

const emptyForm: FormInput = { name: '', phone: '', email: '', password: '', website: '' };

/** 'Aggiungi Commerciante': the merchant's login and the merchant itself, created in one call. */
export function MerchantForm() {
  const createMerchant = useCreateMerchant();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createMerchantInputSchema),
    defaultValues: emptyForm,
  });
  const { errors, isSubmitting } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });
  const slug = slugPreview(name ?? '');

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const created = await createMerchant.mutateAsync(input);
      form.reset(emptyForm);
      notify.success(fill(t.created, { name: created.name }));
      form.setFocus('name');
    } catch (error) {
      console.error(adminTexts.logs.registerMerchant, error);
      notify.error(adminFailureText(t.createError, error), 'long');
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.formTitle}</CardTitle>
        <CardDescription>{t.formHint}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid items-start gap-5 sm:grid-cols-2">
          <FormField
            label={t.name}
            error={errors.name?.message}
            hint={
              slug
                ? fill(t.slugHint, { address: merchantLinks(window.location.origin, slug).qrDefault })
                : undefined
            }
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="organization"
                maxLength={maxLength.name}
                {...form.register('name')}
              />
            )}
          </FormField>
          <FormField label={t.phone} error={errors.phone?.message}>
            {(control) => (
              <Input
                {...control}
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                maxLength={maxLength.phone}
                {...form.register('phone')}
              />
            )}
          </FormField>
          <FormField label={t.email} error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                inputMode="email"
                maxLength={maxLength.email}
                {...form.register('email')}
              />
            )}
          </FormField>
          <FormField label={t.password} error={errors.password?.message}>
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="new-password"
                maxLength={maxLength.password}
                {...form.register('password')}
              />
            )}
          </FormField>
          <FormField
            label={t.website}
            hint={t.websiteHint}
            error={errors.website?.message}
            className="sm:col-span-2"
          >
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                placeholder="https://"
                maxLength={maxLength.website}
                {...form.register('website')}
              />
            )}
          </FormField>
          <div className="sm:col-span-2">
            <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
              {isSubmitting ? t.submitting : t.submit}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
