import { ChevronDown, Flag } from 'lucide-react';
import { useId } from 'react';
import { QueryFailed } from '@/components/query-failed';
import { Card } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Skeleton } from '@/components/ui/skeleton';
import type {
  ReferralSignal,
  useReferralSignals,
} from '@/features/merchant-loyalty/api/list-referral-signals';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { failureText } from '@/lib/api-error';
import { fill, plural } from '@/lib/texts';

const t = merchantLoyaltyTexts.clienti.signals;

/** The small marker on the card of a client named by a signal. */
export function FlaggedMarker() {
  return (
    <p className="inline-flex w-fit items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
      <Flag aria-hidden="true" className="size-3.5" />
      {merchantLoyaltyTexts.clienti.flagged}
    </p>
  );
}

/** Shows one client in the list below (by her code), where her card carries the marker. */
type ShowClient = (code: string) => void;

function SignalItem({ signal, onShowClient }: { signal: ReferralSignal; onShowClient: ShowClient }) {
  return (
    <li className="grid gap-2 rounded-xl border border-border p-4">
      <h3 className="font-semibold">{t.kinds[signal.kind] ?? t.otherKind}</h3>
      <p>{signal.explanation}</p>
      <ul aria-label={t.clients} className="flex flex-wrap gap-2">
        {signal.client_ids.map((id, index) => (
          <li key={id} className="max-w-full">
            <button
              type="button"
              title={t.showClient}
              onClick={() => onShowClient(signal.client_codes[index]!)}
              className="min-h-11 max-w-full rounded-full bg-muted px-3 py-1 text-left text-sm break-words underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {signal.client_names[index]} · {signal.client_codes[index]}
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** "Da controllare" on Clienti: the database's referral signals, each explained; they never block anything. */
export function ReferralSignalsSection({
  query,
  onShowClient,
}: {
  query: ReturnType<typeof useReferralSignals>;
  onShowClient: ShowClient;
}) {
  const headingId = useId();
  if (query.isPending) return <Skeleton className="h-20" />;
  if (query.isError)
    return (
      <QueryFailed message={failureText(t.loadError, query.error)} onRetry={() => void query.refetch()} />
    );
  const { signals, total } = query.data;
  const note = <p className="text-sm text-muted-foreground">{t.note}</p>;

  if (signals.length === 0) {
    return (
      <Card role="region" aria-labelledby={headingId} className="grid gap-1 p-4 sm:px-6">
        <h2 id={headingId} className="text-xl font-semibold">
          {t.title}
        </h2>
        <p>{t.empty}</p>
        {note}
      </Card>
    );
  }
  return (
    <Card role="region" aria-labelledby={headingId}>
      <Collapsible defaultOpen={false}>
        <h2 id={headingId} className="text-xl font-semibold">
          <CollapsibleTrigger className="min-h-16 rounded-2xl px-4 py-3 hover:bg-muted sm:px-6">
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span>{t.title}</span>
              <span className="rounded-full bg-primary px-2.5 py-0.5 font-sans text-sm text-primary-foreground">
                {plural(total, t.count)}
              </span>
            </span>
            <ChevronDown aria-hidden="true" className="size-6 shrink-0 text-primary" />
          </CollapsibleTrigger>
        </h2>
        <CollapsibleContent className="grid gap-4 border-t border-border px-4 pt-4 pb-6 sm:px-6">
          {note}
          {total > signals.length ? (
            <p className="text-sm">{fill(t.shownOf, { shown: signals.length, total })}</p>
          ) : null}
          <ul className="grid gap-3 lg:grid-cols-2">
            {signals.map((signal) => (
              <SignalItem
                key={`${signal.kind}-${signal.client_ids.join('-')}`}
                signal={signal}
                onShowClient={onShowClient}
              />
            ))}
          </ul>
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}
