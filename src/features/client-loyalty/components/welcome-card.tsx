import { CalendarPlus, Gift, PartyPopper } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useClientCredit } from '@/features/client-loyalty/api/get-client-credit';
import type { ClientMembership } from '@/features/client-loyalty/membership';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { useWelcomeSeen } from '@/features/client-loyalty/welcome-seen';
import { formatMoney } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = clientLoyaltyTexts.welcome;

/** The first visit after joining a salon: her code, her credit, how credit is earned, where to start. */
export function WelcomeCard({ membership }: { membership: ClientMembership }) {
  const [seen, dismiss] = useWelcomeSeen(membership.clientId);
  const titleId = useId();
  const credit = useClientCredit(membership.merchantSlug);
  if (seen) return null;
  return (
    <Card role="region" aria-labelledby={titleId} className="border-primary/40 bg-accent/40">
      <CardContent className="grid gap-5 pt-6">
        <div className="flex items-start gap-3">
          <PartyPopper aria-hidden="true" className="size-8 shrink-0 text-primary" />
          <div className="grid gap-1">
            <h2 id={titleId} className="text-xl font-semibold">
              {fill(t.title, { merchant: membership.merchantName })}
            </h2>
            <p>{t.lead}</p>
          </div>
        </div>
        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="rounded-xl bg-card p-4">
            <dt className="text-sm text-muted-foreground">{t.code}</dt>
            <dd className="font-mono text-xl font-semibold">{membership.clientCode}</dd>
          </div>
          <div className="rounded-xl bg-card p-4">
            <dt className="text-sm text-muted-foreground">{t.credit}</dt>
            <dd className="text-xl font-semibold tabular-nums">
              {credit.data ? formatMoney(credit.data.available_credit) : <Skeleton className="h-7 w-24" />}
            </dd>
          </div>
        </dl>
        <div className="grid gap-2">
          <h3 className="font-sans text-base font-semibold">{t.howTitle}</h3>
          <ol className="grid list-decimal gap-1 pl-6">
            {t.generations.map((generation) => (
              <li key={generation}>{generation}</li>
            ))}
          </ol>
          <p className="text-sm text-muted-foreground">{t.spend}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg" className="w-full no-underline sm:w-auto">
            <Link to={paths.client.prenota.href()}>
              <CalendarPlus aria-hidden="true" />
              {t.book}
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="w-full no-underline sm:w-auto">
            <Link to={paths.client.presenta.href()}>
              <Gift aria-hidden="true" />
              {t.refer}
            </Link>
          </Button>
          <Button size="lg" variant="ghost" onClick={dismiss} className="w-full sm:ml-auto sm:w-auto">
            {t.dismiss}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
