import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { notify } from '@/components/ui/toaster';
import { useMerchantProfile } from '@/features/booking-merchant/api/get-merchant-profile';
import { useUploadSalonLogo } from '@/features/booking-merchant/api/upload-salon-logo';
import { PhotoField } from '@/features/booking-merchant/components/settings-screen/photo-field';
import { salonLogoFormSchema } from '@/features/booking-merchant/operator-and-logo-forms';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { imageUrl } from '@/lib/image-url';

const t = bookingMerchantTexts.impostazioni;

/** A new query string for the replaced logo, never one an earlier visit cached. */
const cacheBuster = () => Date.now();

/** The salon's logo: the current one, a new image previewed before it is saved. */
export function SalonLogoCard() {
  const profile = useMerchantProfile();
  const upload = useUploadSalonLogo();
  const form = useForm<{ logo: File | null }, unknown, z.output<typeof salonLogoFormSchema>>({
    resolver: zodResolver(salonLogoFormSchema),
    defaultValues: { logo: null },
  });
  const { errors, isSubmitting } = form.formState;
  const [inputKey, setInputKey] = useState(0);
  // The logo keeps its address when replaced: a new query string makes the page fetch it again.
  const [version, setVersion] = useState(0);

  const onSubmit = form.handleSubmit(async ({ logo }) => {
    try {
      await upload.mutateAsync(logo);
      notify.success(t.logoSaved, 'long');
      form.reset({ logo: null });
      setInputKey((key) => key + 1);
      setVersion(cacheBuster());
    } catch (failure) {
      form.setError('logo', { type: 'server', message: errorMessage(failure) });
    }
  });

  const logoUrl = imageUrl('loghi', profile.data?.logo_url);
  return (
    <section aria-labelledby="salon-logo-title">
      <Card>
        <CardHeader>
          <CardTitle id="salon-logo-title">{t.salonLogo}</CardTitle>
          <CardDescription>{t.salonLogoLead}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <QueryView query={profile} pending={<LoadingBlocks count={1} className="h-24" />}>
            {() =>
              logoUrl ? (
                <figure className="grid justify-items-start gap-2">
                  <img
                    src={version ? `${logoUrl}?v=${version}` : logoUrl}
                    alt={t.currentLogo}
                    width={120}
                    height={120}
                    className="size-[120px] rounded-xl border border-border bg-card object-contain"
                  />
                  <figcaption className="text-sm text-muted-foreground">{t.currentLogo}</figcaption>
                </figure>
              ) : (
                <p className="text-muted-foreground">{t.noLogo}</p>
              )
            }
          </QueryView>
          <form noValidate aria-label={t.salonLogo} onSubmit={onSubmit} className="grid gap-4">
            <Controller
              control={form.control}
              name="logo"
              render={({ field }) => (
                <PhotoField
                  label={t.newLogo}
                  hint={t.logoHint}
                  error={errors.logo?.message}
                  file={field.value}
                  onFileChange={field.onChange}
                  inputKey={inputKey}
                  texts={{ choose: t.chooseLogo, none: t.noLogoChosen, preview: t.logoPreview }}
                  square
                />
              )}
            />
            <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
              {isSubmitting ? t.saving : t.saveLogo}
            </Button>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
