import type { ReactNode } from 'react';
import type { SalonPublicPage } from '@/features/merchants/api/get-salon-public-page';
import { SalonContacts } from '@/features/merchants/components/salon-contacts';
import { SalonHours } from '@/features/merchants/components/salon-hours';
import { SalonOperators } from '@/features/merchants/components/salon-operators';
import { SalonTreatments } from '@/features/merchants/components/salon-treatments';
import { imageUrl } from '@/lib/image-url';
import { fill, texts } from '@/lib/texts';

/** The salon above its registration form: logo, name, contacts, hours, treatments and staff. */
export function SalonProfile({
  salon,
  bookHref,
  children,
}: {
  salon: SalonPublicPage;
  bookHref: (treatmentId: string) => string;
  /** Shown under the contacts (the way to the form on a phone). */
  children?: ReactNode;
}) {
  const logo = imageUrl('loghi', salon.logo_url);
  return (
    <div className="grid gap-8">
      <div className="flex flex-col items-center gap-3 text-center lg:items-start lg:text-left">
        {logo ? (
          <img
            src={logo}
            alt={fill(texts.registration.logoAlt, { merchant: salon.name })}
            height={112}
            fetchPriority="high"
            // Its height held before it loads: nothing below moves when it arrives.
            className="h-28 w-auto max-w-[14rem] rounded-2xl object-contain"
          />
        ) : null}
        <p className="font-display text-3xl font-semibold [overflow-wrap:anywhere] text-accent-foreground">
          {salon.name}
        </p>
        <SalonContacts salon={salon} />
        {children}
      </div>
      <SalonTreatments treatments={salon.treatments} bookHref={bookHref} />
      <SalonHours salon={salon} />
      <SalonOperators operators={salon.operators} />
    </div>
  );
}
