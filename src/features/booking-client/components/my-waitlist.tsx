import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { notify } from '@/components/ui/toaster';
import { useMyWaitlist } from '@/features/booking-client/api/get-my-waitlist';
import { useLeaveWaitlist } from '@/features/booking-client/api/leave-waitlist';
import { waitlistTexts } from '@/features/booking-client/waitlist-texts';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = waitlistTexts;

/** 'Lista d'attesa' in 'Le mie prenotazioni': her open entries, each with "Esci dalla lista d'attesa". */
export function MyWaitlist({ merchantSlug }: { merchantSlug: string }) {
  const entries = useMyWaitlist(merchantSlug).data?.entries ?? [];
  const leave = useLeaveWaitlist();
  if (entries.length === 0) return null;

  const onLeave = async (entryId: string) => {
    try {
      notify.success((await leave.mutateAsync({ merchantSlug, entryId })).message);
    } catch (error) {
      notify.error(fill(t.error, { message: errorMessage(error) }));
    }
  };

  return (
    <section aria-labelledby="my-waitlist" className="grid gap-3">
      <h3 id="my-waitlist" className="font-sans text-lg font-semibold">
        {t.listTitle}
      </h3>
      <ul aria-labelledby="my-waitlist" className="grid gap-3 lg:grid-cols-2">
        {entries.map((entry) => (
          <li key={entry.id}>
            <Card>
              <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="grid min-w-0 gap-1">
                  <p className="font-semibold">
                    {fill(t.entry, { treatment: entry.treatment_name, operator: entry.operator_name })}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {fill(t.entryWhen, {
                      period: entry.period,
                      from: formatDate(entry.from_day),
                      to: formatDate(entry.to_day),
                    })}
                  </p>
                </div>
                <Button
                  variant="outline"
                  aria-label={fill(t.leaveLabel, { treatment: entry.treatment_name })}
                  disabled={leave.isPending}
                  onClick={() => void onLeave(entry.id)}
                >
                  <LogOut aria-hidden="true" />
                  {t.leave}
                </Button>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
