import { MessageCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { PageHeading } from '@/components/layouts/page-heading';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useClients, type MerchantClient } from '@/features/merchant-loyalty/api/list-clients';
import { useReferralSignals } from '@/features/merchant-loyalty/api/list-referral-signals';
import { AdjustCreditDialog } from '@/features/merchant-loyalty/components/clients-screen/adjust-credit-dialog';
import { Pager, pageCountOf } from '@/features/merchant-loyalty/components/pager';
import {
  FlaggedMarker,
  ReferralSignalsSection,
} from '@/features/merchant-loyalty/components/clients-screen/referral-signals-section';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { shownCredit } from '@/features/merchant-loyalty/client-credit';
import { useDebouncedValue } from '@/features/merchant-loyalty/use-debounced-value';
import { formatDate } from '@/lib/format';
import { fill, plural } from '@/lib/texts';
import { cx } from 'class-variance-authority';

const t = merchantLoyaltyTexts.clienti;
const noValue = merchantLoyaltyTexts.common.noValue;

const pageSize = 12;

function channelsText(channels: MerchantClient['channels']): string {
  const reached = [channels.email && t.channelEmail, channels.push && t.channelPush].filter(Boolean);
  return reached.length > 0 ? reached.join(', ') : t.noChannel;
}

function ClientCard({ client, flagged }: { client: MerchantClient; flagged: boolean }) {
  const [adjusting, setAdjusting] = useState(false);
  const rows = [
    { label: t.email, value: client.email ?? noValue },
    { label: t.phone, value: client.phone ?? noValue },
    { label: t.sponsor, value: client.sponsor_code ?? noValue },
    { label: t.joined, value: formatDate(client.created_at) },
    { label: t.channels, value: channelsText(client.channels) },
    { label: t.completedVisits, value: String(client.completed_visits) },
    { label: t.noShows, value: String(client.no_shows) },
  ];
  return (
    <Card className="grid h-full gap-3 p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words">{client.name}</h2>
          <p className="text-sm text-muted-foreground">
            {t.code} {client.code}
          </p>
        </div>
        <div className="text-right">
          <p className="text-xs font-semibold text-muted-foreground">{t.credit}</p>
          <p className="text-lg font-semibold text-primary tabular-nums">
            {shownCredit(client.available_credit)}
          </p>
        </div>
      </div>
      {flagged ? <FlaggedMarker /> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="truncate" title={row.value}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {client.available_credit === null ? null : (
        <Button
          variant="outline"
          className="justify-self-start"
          aria-label={fill(t.adjustLabel, { client: client.name })}
          onClick={() => setAdjusting(true)}
        >
          {t.adjust}
        </Button>
      )}
      {adjusting ? <AdjustCreditDialog client={client} onClose={() => setAdjusting(false)} /> : null}
      {client.available_credit === null ? null : (
        <div className="flex flex-wrap gap-2">
          <Link
            to={`${paths.dashboard.agenda.href()}?${new URLSearchParams({ appuntamento: client.id })}`}
            aria-label={fill(t.appointmentLabel, { client: client.name })}
            className={buttonVariants({ variant: 'outline' })}
          >
            {t.appointment}
          </Link>
          <Link
            to={`${paths.dashboard.agenda.href()}?${new URLSearchParams({ serie: client.id })}`}
            aria-label={fill(t.seriesLabel, { client: client.name })}
            className={buttonVariants({ variant: 'outline' })}
          >
            {t.series}
          </Link>
        </div>
      )}
      {client.whatsapp.url ? (
        <a
          href={client.whatsapp.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={fill(t.whatsappLabel, { client: client.name })}
          className={buttonVariants({ variant: 'outline', className: 'self-end justify-self-start' })}
        >
          <MessageCircle aria-hidden="true" />
          {t.whatsapp}
        </a>
      ) : (
        <p className="self-end text-sm text-muted-foreground">
          {fill(t.noWhatsapp, { reason: client.whatsapp.missing_reason ?? '' })}
        </p>
      )}
    </Card>
  );
}

/**
 * /dashboard/clienti 'Elenco Clienti': the referral signals to look at ("Da controllare"), then one card per
 * client, newest first, searchable and paged; a client named by a signal carries a marker.
 */
export function ClientsScreen() {
  const [search, setSearch] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search);
  const clients = useClients({ search: query, page, pageSize });
  const signals = useReferralSignals();
  const flagged = signals.data?.flaggedClientIds;

  return (
    <section className="grid gap-6">
      <PageHeading>{t.title}</PageHeading>
      <ReferralSignalsSection
        query={signals}
        onShowClient={(code) => {
          setSearch(code);
          setPage(1);
          searchRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
        }}
      />
      <FormField label={t.search} hint={t.searchHint} className="max-w-md">
        {(control) => (
          <SearchInput
            {...control}
            ref={searchRef}
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
        empty={
          query ? (
            t.noMatch
          ) : (
            <EmptyState>
              {t.empty}{' '}
              <Link to={paths.dashboard.invita.href()} className="font-semibold text-primary underline">
                {t.invite}
              </Link>
            </EmptyState>
          )
        }
      >
        {(data) => (
          <div className="grid gap-4">
            <p aria-live="polite" className="text-muted-foreground">
              {plural(data.total, t.count)}
            </p>
            <ul
              className={cx(
                'grid gap-4 sm:grid-cols-2 xl:grid-cols-3',
                clients.isPlaceholderData && 'opacity-60',
              )}
            >
              {data.clients.map((client) => (
                <li key={client.id}>
                  <ClientCard client={client} flagged={flagged?.has(client.id) ?? false} />
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pageCount={pageCountOf(data.total, pageSize)}
              onPageChange={setPage}
              what={t.label.toLowerCase()}
            />
          </div>
        )}
      </QueryView>
    </section>
  );
}
