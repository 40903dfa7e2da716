import type { SalonPublicPage } from '@/features/merchants/api/get-salon-public-page';
import { salonPageTexts as t } from '@/features/merchants/texts';
import { imageUrl } from '@/lib/image-url';

/** The people of the salon, each with a photo (or the initial) and name. */
export function SalonOperators({ operators }: { operators: SalonPublicPage['operators'] }) {
  if (!operators.length) return null;
  return (
    <section aria-labelledby="salone-staff" className="grid gap-3">
      <h2 id="salone-staff" className="font-display text-xl font-semibold">
        {t.operators}
      </h2>
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-4">
        {operators.map((operator, index) => {
          const photo = imageUrl('operatori', operator.image_url);
          return (
            <li key={`${operator.name}-${index}`} className="flex flex-col items-center gap-2 text-center">
              {photo ? (
                <img
                  src={photo}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-20 rounded-full border border-border object-cover"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="grid size-20 place-items-center rounded-full bg-accent font-display text-2xl font-semibold text-accent-foreground"
                >
                  {operator.name.charAt(0).toUpperCase()}
                </span>
              )}
              <span className="font-medium [overflow-wrap:anywhere]">{operator.name}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
