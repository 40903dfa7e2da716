import { useDeferredValue, useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { SearchInput } from '@/components/ui/search-input';
import { useSearchClients, type FoundClient } from '@/features/booking-merchant/api/search-clients';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';

const t = bookingMerchantTexts.appuntamento;

/** Finds the client a booking is for, by name or code (the first five that match). */
export function ClientSearch({ onSelect }: { onSelect: (client: FoundClient) => void }) {
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const found = useSearchClients(query);

  return (
    <div className="grid gap-2">
      <FormField label={t.search} hint={t.pickClient}>
        {(control) => (
          <SearchInput
            {...control}
            enterKeyHint="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        )}
      </FormField>
      {query && found.data ? (
        found.data.length === 0 ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t.noMatch}
          </p>
        ) : (
          <ul className="grid gap-2">
            {found.data.map((client) => (
              <li key={client.id}>
                <button
                  type="button"
                  onClick={() => onSelect(client)}
                  className="flex min-h-12 w-full flex-wrap items-center justify-between gap-x-3 rounded-xl border border-border bg-card px-4 py-2 text-left hover:bg-muted focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <span className="min-w-0 font-semibold break-words">{client.name}</span>
                  <span className="text-sm text-muted-foreground">{client.code}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
