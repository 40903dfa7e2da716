import { Check } from 'lucide-react';
import { useState } from 'react';
import { QueryView } from '@/components/query-view';
import { FormField } from '@/components/ui/form-field';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import {
  pickerPageSize,
  useClients,
  type MerchantClient,
} from '@/features/merchant-loyalty/api/list-clients';
import { Pager, pageCountOf } from '@/features/merchant-loyalty/components/pager';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { useDebouncedValue } from '@/features/merchant-loyalty/use-debounced-value';
import { shownCredit } from '@/features/merchant-loyalty/client-credit';
import { plural } from '@/lib/texts';
import { cx } from 'class-variance-authority';

const t = merchantLoyaltyTexts.registrazioni;

/** Search and pick the client at the counter: 10 a page, by name, code, e-mail or phone. */
export function ClientPicker({
  selectedCode,
  onSelect,
}: {
  selectedCode: string | null;
  onSelect: (client: MerchantClient) => void;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search);
  const clients = useClients({ search: query, page, pageSize: pickerPageSize });

  return (
    <div className="grid gap-4">
      <FormField label={t.search} hint={t.searchHint}>
        {(control) => (
          <SearchInput
            {...control}
            enterKeyHint="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        )}
      </FormField>
      <QueryView
        query={clients}
        pending={<Skeleton className="h-64" />}
        isEmpty={(data) => data.clients.length === 0}
        empty={query ? t.noMatch : t.empty}
      >
        {(data) => (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {plural(data.total, t.clientsCount)}
            </p>
            <ul className={cx('grid gap-2', clients.isPlaceholderData && 'opacity-60')}>
              {data.clients.map((client) => {
                const selected = client.code === selectedCode;
                return (
                  <li key={client.id}>
                    <button
                      type="button"
                      aria-pressed={selected}
                      onClick={() => onSelect(client)}
                      className={cx(
                        'flex min-h-14 w-full items-center gap-3 rounded-xl border px-4 py-2 text-left transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
                        selected
                          ? 'border-primary bg-accent text-accent-foreground'
                          : 'border-border bg-card hover:bg-muted',
                      )}
                    >
                      <span className="grid min-w-0 flex-1">
                        <span className="font-semibold break-words">{client.name}</span>
                        <span className="text-sm text-muted-foreground">{client.code}</span>
                      </span>
                      <span className="font-semibold tabular-nums">
                        {shownCredit(client.available_credit)}
                      </span>
                      {selected ? <Check aria-hidden="true" className="size-5 text-primary" /> : null}
                    </button>
                  </li>
                );
              })}
            </ul>
            <Pager
              page={page}
              pageCount={pageCountOf(data.total, pickerPageSize)}
              onPageChange={setPage}
              what={t.clientSection.toLowerCase()}
            />
          </>
        )}
      </QueryView>
    </div>
  );
}
