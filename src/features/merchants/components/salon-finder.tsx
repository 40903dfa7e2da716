import { ChevronRight, Store } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { SearchInput } from '@/components/ui/search-input';
import { paths } from '@/config/paths';
import { salonSearchMinLength, useFindSalons, type FoundSalon } from '@/features/merchants/api/find-salons';
import { failureText } from '@/lib/api-error';
import { maxLength } from '@/lib/input-limits';
import { useLastSalon } from '@/lib/last-salon';
import { fill, plural, texts } from '@/lib/texts';
import { imageUrl } from '@/lib/image-url';

const t = texts.home.finder;

/** The text a person typed, once she has paused for a moment. */
function useSettled(value: string, delayMs = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The home page's way in for a customer: back to the last salon used here, or a search by name. */
export function SalonFinder() {
  const lastSalon = useLastSalon();
  const [typed, setTyped] = useState('');
  const query = useSettled(typed.trim());
  return (
    <section
      aria-labelledby="salon-finder-title"
      className="grid gap-4 rounded-3xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id="salon-finder-title" className="text-2xl font-semibold">
          {t.title}
        </h2>
        <p className="text-muted-foreground">{t.lead}</p>
      </div>
      {lastSalon ? (
        <div className="grid gap-2">
          <p className="text-sm font-semibold text-muted-foreground">{t.lastSalon}</p>
          <Button asChild size="lg" className="justify-between">
            <Link to={paths.clientLogin.href(lastSalon.slug)}>
              <span className="min-w-0 truncate">{fill(t.enter, { merchant: lastSalon.name })}</span>
              <ChevronRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      ) : null}
      <div role="search" className="grid gap-3">
        <FormField label={t.searchLabel} hint={t.searchHint}>
          {(control) => (
            <SearchInput
              {...control}
              enterKeyHint="search"
              maxLength={maxLength.name}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          )}
        </FormField>
        <SearchResults query={query} />
      </div>
    </section>
  );
}

function SearchResults({ query }: { query: string }) {
  const enough = query.length >= salonSearchMinLength;
  const search = useFindSalons(query);
  const status = !enough
    ? ''
    : search.isError
      ? failureText(t.failed, search.error)
      : search.isPending || search.isPlaceholderData
        ? t.searching
        : search.data.length === 0
          ? t.none
          : plural(search.data.length, t.found);
  return (
    <>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {status}
      </p>
      {enough && search.data && search.data.length > 0 ? (
        <ul className="grid gap-2">
          {search.data.map((salon) => (
            <li key={salon.slug}>
              <SalonLink salon={salon} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function SalonLink({ salon }: { salon: FoundSalon }) {
  return (
    <Link
      to={paths.clientLogin.href(salon.slug)}
      className="flex min-h-11 items-center gap-3 rounded-xl border border-border bg-background p-2 text-foreground no-underline hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      {salon.logo_url ? (
        <img
          src={imageUrl('loghi', salon.logo_url) ?? undefined}
          alt=""
          className="size-10 shrink-0 rounded-lg object-contain"
        />
      ) : (
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
          <Store aria-hidden="true" className="size-5" />
        </span>
      )}
      <span className="min-w-0 flex-1 font-semibold">{salon.name}</span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
    </Link>
  );
}
