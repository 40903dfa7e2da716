import type { ReactNode } from 'react';
import { PageHeading } from '@/components/layouts/page-heading';
import { registrationFormId, SalonPageLayout } from '@/components/layouts/salon-page-layout';
import { Button } from '@/components/ui/button';
import { treatmentParam } from '@/config/paths';
import type { SalonPublicPage } from '@/features/merchants/api/get-salon-public-page';
import { SalonProfile } from '@/features/merchants/components/salon-profile';
import { salonPageTexts } from '@/features/merchants/texts';
import { fill, texts } from '@/lib/texts';

/** The treatment `?trattamento=` names, when the salon offers it. */
export function chosenTreatment(salon: SalonPublicPage, search: URLSearchParams) {
  return salon.treatments.find((offered) => offered.id === search.get(treatmentParam));
}

/**
 * /{slug} around its registration form: the salon, and the card's heading. The browser renders it
 * with the form, the server (src/prerender) with the form's placeholder, so the first paint needs no
 * JavaScript and the app takes over with the same layout.
 */
export function SalonPageFrame({
  salon,
  search,
  registered = false,
  children,
}: {
  salon: SalonPublicPage;
  search: URLSearchParams;
  registered?: boolean;
  /** The registration form. */
  children: ReactNode;
}) {
  const treatment = chosenTreatment(salon, search);
  const bookHref = (treatmentId: string) => {
    const query = new URLSearchParams(search);
    query.set(treatmentParam, treatmentId);
    return `?${query.toString()}`;
  };
  return (
    <SalonPageLayout
      salon={
        <SalonProfile salon={salon} bookHref={bookHref}>
          {/* The form is below the salon on a phone, beside it on a wide screen. */}
          <Button asChild size="lg" className="w-full lg:hidden">
            <a href={`#${registrationFormId}`}>{salonPageTexts.toForm}</a>
          </Button>
        </SalonProfile>
      }
    >
      <div className="grid gap-6">
        <div className="grid gap-1">
          <PageHeading title={salon.name}>
            {registered ? texts.registration.doneTitle : texts.registration.title}
          </PageHeading>
          {registered ? null : (
            <p className="text-muted-foreground">
              {treatment
                ? fill(salonPageTexts.chosen, { treatment: treatment.name })
                : fill(texts.registration.subtitle, { merchant: salon.name })}
            </p>
          )}
        </div>
        {children}
      </div>
    </SalonPageLayout>
  );
}
