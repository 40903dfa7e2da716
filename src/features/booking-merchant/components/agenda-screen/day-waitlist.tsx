import { Card, CardContent } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { useMerchantWaitlist } from '@/features/booking-merchant/api/get-merchant-waitlist';
import { merchantWaitlistTexts } from '@/features/booking-merchant/waitlist-texts';
import { fill } from '@/lib/texts';

const t = merchantWaitlistTexts;

/** The customers waiting for a slot on the day shown: name, treatment and part of the day. */
export function DayWaitlist({ date }: { date: string }) {
  const entries = useMerchantWaitlist(date).data ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="day-waitlist">
      <Card>
        <CardContent className="grid gap-3 p-4 sm:p-6">
          <h2 id="day-waitlist" className="font-sans text-lg font-semibold">
            {t.title}{' '}
            <span className="font-normal text-muted-foreground tabular-nums">{formatDate(date)}</span>
          </h2>
          <p className="text-sm text-muted-foreground">{t.lead}</p>
          <ul className="grid gap-2 md:grid-cols-2">
            {entries.map((entry) => (
              <li key={entry.id} className="grid gap-0.5 rounded-lg border border-border p-3">
                <span className="font-semibold">{entry.client_name}</span>
                <span className="text-sm">
                  {fill(t.entry, { treatment: entry.treatment_name, operator: entry.operator_name })}
                </span>
                <span className="text-sm text-muted-foreground">{entry.period}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
