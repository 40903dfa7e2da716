import { ChevronDown, Store } from 'lucide-react';
import { FormField } from '@/components/ui/form-field';
import { areaTexts } from '@/lib/area-texts';
import { fill, texts } from '@/lib/texts';
import { imageUrl } from '@/lib/image-url';

const t = areaTexts.client.salon;

/** One of the customer's salons, as whoami lists it. */
interface SalonMembership {
  id: string;
  merchant_slug: string;
  merchant_name: string;
  merchant_logo_url?: string | null;
}

interface SalonHeaderProps {
  current: SalonMembership;
  /** Every salon the customer belongs to; a switcher appears when there are several. */
  memberships: SalonMembership[];
  onSwitch: (merchantSlug: string) => void;
}

/** The salon the client area is about, its logo, and the customer's other salons to switch to. */
export function SalonHeader({ current, memberships, onSwitch }: SalonHeaderProps) {
  return (
    <section
      aria-label={t.current}
      className="mb-6 flex flex-wrap items-center gap-3 rounded-2xl border border-border bg-card p-3"
    >
      {current.merchant_logo_url ? (
        <img
          src={imageUrl('loghi', current.merchant_logo_url) ?? undefined}
          alt={fill(texts.registration.logoAlt, { merchant: current.merchant_name })}
          className="h-12 w-auto max-w-36 shrink-0 rounded-md object-contain sm:max-w-48"
        />
      ) : (
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground">
          <Store aria-hidden="true" className="size-6" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm text-muted-foreground">{t.current}</p>
        <p className="truncate text-lg font-semibold">{current.merchant_name}</p>
      </div>
      {memberships.length > 1 ? (
        <FormField label={t.switchLabel} className="w-full sm:w-64">
          {(control) => (
            // The phone's own list: a customer switches salon rarely, and needs no list code for it.
            <div className="relative">
              <select
                {...control}
                value={current.merchant_slug}
                onChange={(event) => onSwitch(event.target.value)}
                className="ui-input appearance-none pr-10"
              >
                {memberships.map((membership) => (
                  <option key={membership.id} value={membership.merchant_slug}>
                    {membership.merchant_name}
                  </option>
                ))}
              </select>
              <ChevronDown
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 opacity-70"
              />
            </div>
          )}
        </FormField>
      ) : null}
    </section>
  );
}
