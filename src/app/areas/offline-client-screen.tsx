import { CalendarClock, Store, Wallet, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { dateWithWeekday, shortTime } from '@/components/booking/booking-dates';
import { ReservationStatusBadge } from '@/components/booking/reservation-status-badge';
import { BrandMark } from '@/components/brand-mark';
import { PageHeading } from '@/components/layouts/page-heading';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate, formatMoney, formatTime } from '@/lib/format';
import type { SalonSnapshot } from '@/lib/offline-snapshot';
import { areaTexts } from '@/lib/area-texts';
import { fill, texts } from '@/lib/texts';

const t = areaTexts.client.offline;

/** The customer's area opened without a network: her last known credit and next appointment, dated. */
export function OfflineClientScreen({
  salons,
  currentSlug,
  onRetry,
}: {
  salons: SalonSnapshot[];
  currentSlug: string | null;
  onRetry: () => void;
}) {
  // The salon she was last looking at first.
  const ordered = [...salons].sort(
    (a, b) => Number(b.merchantSlug === currentSlug) - Number(a.merchantSlug === currentSlug),
  );
  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex w-full max-w-xl items-center px-5 pt-6">
        <BrandMark />
      </header>
      <main className="mx-auto grid w-full max-w-xl gap-5 px-5 pt-6 pb-10">
        <PageHeading>{t.title}</PageHeading>
        {ordered.map((salon) => (
          <SalonCard key={salon.merchantSlug} salon={salon} />
        ))}
        <Button onClick={onRetry} className="justify-self-start">
          {texts.app.retry}
        </Button>
      </main>
    </div>
  );
}

function SalonCard({ salon }: { salon: SalonSnapshot }) {
  const appointment = salon.nextAppointment;
  return (
    <Card className="grid gap-4 p-5">
      <div className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground">
          <Store aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 className="text-xl font-semibold">{salon.merchantName}</h2>
          <p className="text-sm text-muted-foreground">
            {salon.clientName} · {salon.clientCode}
          </p>
        </div>
      </div>
      <p
        role="note"
        className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2 text-sm font-medium text-foreground"
      >
        <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{fill(t.notice, { date: formatDate(salon.savedAt), time: formatTime(salon.savedAt) })}</span>
      </p>
      <Fact icon={<Wallet aria-hidden="true" className="size-6" />} label={t.credit}>
        {salon.availableCredit === null ? (
          <p className="text-muted-foreground">{t.notRead}</p>
        ) : (
          <p data-testid="offline-credit" className="font-display text-3xl font-semibold tabular-nums">
            {formatMoney(salon.availableCredit)}
          </p>
        )}
      </Fact>
      <Fact icon={<CalendarClock aria-hidden="true" className="size-6" />} label={t.nextAppointment}>
        {appointment === undefined ? (
          <p className="text-muted-foreground">{t.notRead}</p>
        ) : appointment === null ? (
          <p>{t.noAppointment}</p>
        ) : (
          <div data-testid="offline-next-appointment" className="grid justify-items-start gap-1">
            <p className="font-semibold">
              {fill(t.when, { date: dateWithWeekday(appointment.date), time: shortTime(appointment.time) })}
            </p>
            <p>
              {appointment.treatmentName}
              {appointment.operatorName
                ? ` · ${fill(t.withOperator, { operator: appointment.operatorName })}`
                : ''}
            </p>
            <ReservationStatusBadge status={appointment.status} />
          </div>
        )}
      </Fact>
    </Card>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <section className="flex items-start gap-3">
      <span className="mt-1 text-primary">{icon}</span>
      <div className="grid min-w-0 gap-0.5">
        <h3 className="font-sans text-sm font-semibold text-muted-foreground">{label}</h3>
        {children}
      </div>
    </section>
  );
}
