import { PageHeading } from '@/components/layouts/page-heading';
import { QueryView } from '@/components/query-view';
import { Card } from '@/components/ui/card';
import { useClientPurchases, type ClientPurchase } from '@/features/client-loyalty/api/list-client-purchases';
import type { ClientMembership } from '@/features/client-loyalty/membership';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { formatDate, formatMoney } from '@/lib/format';
import { fill, plural } from '@/lib/texts';

const t = clientLoyaltyTexts.acquisti;

/** /client/acquisti 'Acquisti': newest first, with gross spend, discount used and net. */
export function PurchasesScreen({ membership }: { membership: ClientMembership }) {
  const purchases = useClientPurchases(membership.merchantSlug);
  return (
    <section className="grid gap-6">
      <PageHeading lead={fill(t.lead, { merchant: membership.merchantName })}>{t.title}</PageHeading>
      <QueryView query={purchases} empty={t.empty}>
        {(data) => (
          <ul className="grid gap-3 lg:grid-cols-2" aria-label={plural(data.length, t.count)}>
            {data.map((purchase) => (
              <li key={purchase.id}>
                <PurchaseCard purchase={purchase} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

function PurchaseCard({ purchase }: { purchase: ClientPurchase }) {
  const date = formatDate(purchase.date);
  return (
    <Card className="grid gap-3 p-4">
      <h2 className="font-sans text-base font-semibold">
        <time dateTime={purchase.date}>{fill(t.purchaseOf, { date })}</time>
      </h2>
      <dl className="grid grid-cols-3 gap-2">
        <Amount label={t.spend} value={formatMoney(purchase.spend)} />
        <Amount label={t.discount} value={formatMoney(purchase.discount)} />
        <Amount label={t.net} value={formatMoney(purchase.net)} strong />
      </dl>
    </Card>
  );
}

function Amount({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex flex-col justify-between gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={strong ? 'font-semibold text-foreground tabular-nums' : 'tabular-nums'}>{value}</dd>
    </div>
  );
}
