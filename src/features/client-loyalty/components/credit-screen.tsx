import { Wallet } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { LoadingBlocks } from '@/components/loading-blocks';
import { PageHeading } from '@/components/layouts/page-heading';
import { QueryFailed } from '@/components/query-failed';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useClientCredit, type CreditEntry } from '@/features/client-loyalty/api/get-client-credit';
import { useWatchClientCredit } from '@/features/client-loyalty/api/watch-client-credit';
import { isDebit, ledgerReasonLabel, signedMoney } from '@/features/client-loyalty/credit-ledger';
import type { ClientMembership } from '@/features/client-loyalty/membership';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { failureText } from '@/lib/api-error';
import { formatDate, formatMoney } from '@/lib/format';
import { fill, texts } from '@/lib/texts';
import { cx } from 'class-variance-authority';

const t = clientLoyaltyTexts.crediti;

/** /client/crediti 'Crediti': the available credit, live, and the ledger's entries with their reasons. */
export function CreditScreen({ membership }: { membership: ClientMembership }) {
  const credit = useClientCredit(membership.merchantSlug);
  useWatchClientCredit(membership.merchantSlug, membership.clientId);

  return (
    <section className="grid gap-6">
      <PageHeading lead={t.lead}>{t.title}</PageHeading>
      {credit.isError ? (
        <QueryFailed
          message={failureText(texts.app.loadError, credit.error)}
          onRetry={() => void credit.refetch()}
        />
      ) : (
        <>
          <Card className="flex items-center gap-4 bg-accent p-6 text-accent-foreground">
            <Wallet aria-hidden="true" className="size-10 shrink-0" />
            <div className="grid gap-1">
              <h2 id="available-credit" className="font-sans text-base font-semibold">
                {t.available}
              </h2>
              {credit.isPending ? (
                <Skeleton className="h-10 w-40" />
              ) : (
                <p
                  aria-labelledby="available-credit"
                  aria-live="polite"
                  aria-atomic="true"
                  data-testid="available-credit"
                  className={cx(
                    'font-display text-4xl font-semibold tabular-nums',
                    isDebit(credit.data.available_credit) && 'text-destructive',
                  )}
                >
                  {formatMoney(credit.data.available_credit)}
                </p>
              )}
              <p className="text-sm">{fill(t.availableHint, { merchant: membership.merchantName })}</p>
              {!credit.isPending && isDebit(credit.data.available_credit) && (
                <p role="note" className="text-sm font-medium text-destructive">
                  {t.negative}
                </p>
              )}
            </div>
          </Card>
          <section aria-labelledby="credit-ledger" className="grid gap-3">
            <h2 id="credit-ledger" className="text-2xl font-semibold">
              {t.ledgerTitle}
            </h2>
            {credit.isPending ? (
              <LoadingBlocks className="h-16" />
            ) : credit.data.ledger.length === 0 ? (
              <EmptyState>{t.ledgerEmpty}</EmptyState>
            ) : (
              <ul className="grid divide-y divide-border rounded-2xl border border-border bg-card">
                {credit.data.ledger.map((entry) => (
                  <LedgerRow key={entry.id} entry={entry} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}

function LedgerRow({ entry }: { entry: CreditEntry }) {
  const debit = isDebit(entry.amount);
  return (
    <li className="flex items-center justify-between gap-4 px-4 py-3">
      <div className="grid">
        <span className="font-medium">
          {ledgerReasonLabel(entry.reason, entry.reversal_label ?? entry.reward_label)}
        </span>
        {entry.note ? <span className="text-sm break-words">{entry.note}</span> : null}
        <time dateTime={entry.created_at} className="text-sm text-muted-foreground">
          {formatDate(entry.created_at)}
        </time>
      </div>
      <span
        className={cx(
          'font-semibold whitespace-nowrap tabular-nums',
          debit ? 'text-destructive' : 'text-success',
        )}
      >
        {signedMoney(entry.amount)}
      </span>
    </li>
  );
}
