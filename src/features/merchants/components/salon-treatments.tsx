import { Clock, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { SalonTreatment } from '@/features/merchants/api/get-salon-public-page';
import { salonPageTexts as t } from '@/features/merchants/texts';
import { formatMoney } from '@/lib/format';
import { fill } from '@/lib/texts';

/** Up to this many treatments read as one list; more get a search field and groups by initial. */
const fewTreatments = 8;

const collator = new Intl.Collator('it', { sensitivity: 'base' });
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('it');

/** The treatments whose name or description holds every word of the search, accents ignored. */
export function matchingTreatments(treatments: SalonTreatment[], search: string): SalonTreatment[] {
  const words = plain(search).split(/\s+/).filter(Boolean);
  return treatments.filter((treatment) => {
    const text = plain(`${treatment.name} ${treatment.description}`);
    return words.every((word) => text.includes(word));
  });
}

/** Alphabetical groups by the name's first letter ('A', 'B', ...; '#' for a digit or sign). */
export function groupedByInitial(
  treatments: SalonTreatment[],
): { initial: string; items: SalonTreatment[] }[] {
  const groups = new Map<string, SalonTreatment[]>();
  for (const treatment of [...treatments].sort((a, b) => collator.compare(a.name, b.name))) {
    const first = plain(treatment.name).charAt(0).toLocaleUpperCase('it');
    const initial = /\p{L}/u.test(first) ? first : '#';
    groups.set(initial, [...(groups.get(initial) ?? []), treatment]);
  }
  return [...groups].map(([initial, items]) => ({ initial, items }));
}

/** The salon's treatments with duration, price and a 'Prenota' each; searchable and grouped when many. */
export function SalonTreatments({
  treatments,
  bookHref,
}: {
  treatments: SalonTreatment[];
  /** Where 'Prenota' leads for a treatment. */
  bookHref: (treatmentId: string) => string;
}) {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const many = treatments.length > fewTreatments;
  const shown = many ? matchingTreatments(treatments, deferredSearch) : treatments;

  const list = (items: SalonTreatment[]) => (
    <ul className="grid gap-3">
      {items.map((treatment) => (
        <li
          key={treatment.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-card p-4"
        >
          <div className="grid min-w-0 flex-1 basis-48 gap-1">
            <h3 className="font-semibold [overflow-wrap:anywhere]">{treatment.name}</h3>
            {treatment.description ? (
              <p className="line-clamp-2 text-sm text-muted-foreground">{treatment.description}</p>
            ) : null}
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className="inline-flex items-center gap-1 text-muted-foreground">
                <Clock aria-hidden="true" className="size-4" />
                {fill(t.duration, { minutes: treatment.duration_minutes })}
              </span>
              <span className="font-semibold whitespace-nowrap text-primary tabular-nums">
                {formatMoney(treatment.price)}
              </span>
            </p>
          </div>
          <Button asChild variant="outline">
            <Link to={bookHref(treatment.id)} aria-label={fill(t.bookLabel, { treatment: treatment.name })}>
              {t.book}
            </Link>
          </Button>
        </li>
      ))}
    </ul>
  );

  return (
    <section aria-labelledby="salone-trattamenti" className="grid gap-3">
      <h2 id="salone-trattamenti" className="font-display text-xl font-semibold">
        {t.treatments}
      </h2>
      {!treatments.length ? <p className="text-muted-foreground">{t.noTreatments}</p> : null}
      {many ? (
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label={t.search}
            placeholder={t.search}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-10"
          />
        </div>
      ) : null}
      {many && !shown.length ? (
        <p role="status" className="text-muted-foreground">
          {t.noMatch}
        </p>
      ) : null}
      {many
        ? groupedByInitial(shown).map((group) => (
            <div key={group.initial} className="grid gap-2">
              <p aria-hidden="true" className="font-display text-lg font-semibold text-accent-foreground">
                {group.initial}
              </p>
              {list(group.items)}
            </div>
          ))
        : list(shown)}
    </section>
  );
}
