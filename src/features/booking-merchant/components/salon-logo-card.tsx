import { useState, type FormEvent } from 'react';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { notify } from '@/components/ui/toaster';
import { useMerchantProfile } from '@/features/booking-merchant/api/get-merchant-profile';
import { useUploadSalonLogo } from '@/features/booking-merchant/api/upload-salon-logo';
import { PhotoField } from '@/features/booking-merchant/components/photo-field';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { imageUrl } from '@/lib/image-url';

const t = bookingMerchantTexts.impostazioni;

/** The salon's logo: the current one, a new image previewed before it is saved. */
export function SalonLogoCard() {
  const profile = useMerchantProfile();
  const upload = useUploadSalonLogo();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [inputKey, setInputKey] = useState(0);
  // The logo keeps its address when replaced: a new query string makes the page fetch it again.
  const [version, setVersion] = useState(0);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(t.chooseLogoFirst);
      return;
    }
    setError(undefined);
    try {
      await upload.mutateAsync(file);
      notify.success(t.logoSaved, 'long');
      setFile(null);
      setInputKey((key) => key + 1);
      setVersion(Date.now());
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

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
          <form
            noValidate
            aria-label={t.salonLogo}
            onSubmit={(event) => void onSubmit(event)}
            className="grid gap-4"
          >
            <PhotoField
              label={t.newLogo}
              hint={t.logoHint}
              error={error}
              file={file}
              onFileChange={(chosen) => {
                setFile(chosen);
                setError(undefined);
              }}
              inputKey={inputKey}
              texts={{ choose: t.chooseLogo, none: t.noLogoChosen, preview: t.logoPreview }}
              square
            />
            <Button type="submit" className="justify-self-start" disabled={upload.isPending}>
              {upload.isPending ? t.saving : t.saveLogo}
            </Button>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
