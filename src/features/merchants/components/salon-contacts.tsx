import { MapPin, Phone } from 'lucide-react';
import type { SalonPublicPage } from '@/features/merchants/api/get-salon-public-page';
import { salonPageTexts as t } from '@/features/merchants/texts';
import { fill } from '@/lib/texts';

/** The salon's place on the phone's maps: its name and address as the search. */
export function mapsSearchUrl(name: string, address: string): string {
  const query = encodeURIComponent(`${name}, ${address}`);
  return `https://www.google.com/maps/search/?api=1&query=${query}`;
}

/** The number as a tel: link dials it: digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

const linkClass =
  'inline-flex min-h-11 items-center gap-2 font-medium underline underline-offset-4 [overflow-wrap:anywhere]';

/** Address (opens the maps) and phone (dials it). */
export function SalonContacts({ salon }: { salon: Pick<SalonPublicPage, 'name' | 'address' | 'phone'> }) {
  return (
    <section aria-labelledby="salone-contatti" className="grid gap-1">
      <h2 id="salone-contatti" className="sr-only">
        {t.contacts}
      </h2>
      {salon.address ? (
        <a
          href={mapsSearchUrl(salon.name, salon.address)}
          target="_blank"
          rel="noopener"
          className={linkClass}
        >
          <MapPin aria-hidden="true" className="size-5 shrink-0 text-primary" />
          {fill(t.mapLink, { address: salon.address })}
        </a>
      ) : null}
      <a href={telHref(salon.phone)} className={linkClass}>
        <Phone aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {fill(t.phoneLink, { phone: salon.phone })}
      </a>
    </section>
  );
}
