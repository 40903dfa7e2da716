import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/layouts/page-heading';
import { Card, CardContent } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import {
  useBookableTreatments,
  type BookableTreatment,
} from '@/features/booking-client/api/list-bookable-treatments';
import { useClientReservations } from '@/features/booking-client/api/list-client-reservations';
import { useWatchClientReservations } from '@/features/booking-client/api/watch-client-reservations';
import { BookingForm } from '@/features/booking-client/components/booking-form';
import { ClientReservationCard } from '@/features/booking-client/components/client-reservation-card';
import { LoadError, LoadingBlocks } from '@/features/booking-client/components/query-states';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { formatMoney } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

export interface BookingScreenProps {
  merchantSlug: string;
  merchantName: string;
  /** The customer's id at the salon, whose reservations the live subscription follows. */
  clientId: string;
}

/** /client/prenota 'Prenota': book a treatment; the customer's reservations, live; the treatments. */
export function BookingScreen({ merchantSlug, merchantName, clientId }: BookingScreenProps) {
  const treatments = useBookableTreatments(merchantSlug);
  const reservations = useClientReservations(merchantSlug);
  useWatchClientReservations(merchantSlug, clientId);

  return (
    <section className="grid gap-6">
      <div className="grid gap-1">
        <PageHeading>{t.title}</PageHeading>
        <p className="text-muted-foreground">{fill(t.lead, { merchant: merchantName })}</p>
      </div>
      <Card>
        <CardContent className="pt-6">
          {treatments.isPending ? (
            <LoadingBlocks count={1} className="h-56" />
          ) : treatments.isError ? (
            <LoadError error={treatments.error} onRetry={() => void treatments.refetch()} />
          ) : (
            <BookingForm merchantSlug={merchantSlug} treatments={treatments.data} />
          )}
        </CardContent>
      </Card>
      <Section title={t.myReservations} defaultOpen>
        {reservations.isPending ? (
          <LoadingBlocks />
        ) : reservations.isError ? (
          <LoadError error={reservations.error} onRetry={() => void reservations.refetch()} />
        ) : reservations.data.length === 0 ? (
          <EmptyState>{t.emptyReservations}</EmptyState>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {reservations.data.map((reservation) => (
              <li key={reservation.id}>
                <ClientReservationCard merchantSlug={merchantSlug} reservation={reservation} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t.treatments}>
        {treatments.isPending ? (
          <LoadingBlocks />
        ) : treatments.isError ? (
          <LoadError error={treatments.error} onRetry={() => void treatments.refetch()} />
        ) : treatments.data.length === 0 ? (
          <EmptyState>{t.emptyTreatments}</EmptyState>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {treatments.data.map((treatment) => (
              <li key={treatment.id}>
                <TreatmentCard treatment={treatment} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </section>
  );
}

function Section({
  title,
  defaultOpen = false,
  children,
}: {
  title: string;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  return (
    <Card className="p-2">
      <Collapsible defaultOpen={defaultOpen}>
        <h2 className="font-sans text-lg">
          <CollapsibleTrigger className="px-4">
            {title}
            <ChevronDown aria-hidden="true" className="size-5" />
          </CollapsibleTrigger>
        </h2>
        <CollapsibleContent className="px-4 pt-2 pb-4">{children}</CollapsibleContent>
      </Collapsible>
    </Card>
  );
}

function TreatmentCard({ treatment }: { treatment: BookableTreatment }) {
  return (
    <article className="grid h-full gap-2 rounded-xl border border-border bg-card p-4">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-sans text-lg font-semibold">{treatment.name}</h3>
        <p className="font-semibold whitespace-nowrap text-primary tabular-nums">
          <span className="sr-only">{t.priceLabel}: </span>
          {formatMoney(treatment.price)}
        </p>
      </div>
      {treatment.description ? <p className="text-muted-foreground">{treatment.description}</p> : null}
      <p className="text-sm">
        <span className="sr-only">{t.durationLabel}: </span>
        {fill(t.duration, { minutes: treatment.duration_minutes })}
        {treatment.operators.length > 0
          ? ` · ${fill(t.performedBy, { names: treatment.operators.map((operator) => operator.name).join(', ') })}`
          : null}
      </p>
    </article>
  );
}
