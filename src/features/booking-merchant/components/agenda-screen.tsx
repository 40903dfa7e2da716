import { Clock } from 'lucide-react';
import { dateWithWeekday, shortTime } from '@/components/booking/booking-dates';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/layouts/page-heading';
import { Card } from '@/components/ui/card';
import { useAgenda } from '@/features/booking-merchant/api/list-agenda';
import type { MerchantReservation } from '@/features/booking-merchant/api/schemas';
import { groupByDate } from '@/features/booking-merchant/agenda';
import { LoadError, LoadingBlocks } from '@/features/booking-merchant/components/query-states';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { fill, plural } from '@/lib/texts';

const t = bookingMerchantTexts.agenda;
const c = bookingMerchantTexts.common;

/** /dashboard/agenda 'Agenda': confirmed appointments from today on, a section per day, live. */
export function AgendaScreen() {
  const agenda = useAgenda();
  return (
    <section className="grid gap-6">
      <div className="grid gap-1">
        <PageHeading>{t.title}</PageHeading>
        <p className="text-muted-foreground">{t.lead}</p>
      </div>
      {agenda.isPending ? (
        <LoadingBlocks />
      ) : agenda.isError ? (
        <LoadError error={agenda.error} onRetry={() => void agenda.refetch()} />
      ) : agenda.data.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <div className="grid gap-6">
          {groupByDate(agenda.data).map((day) => (
            <section key={day.date} aria-labelledby={`agenda-${day.date}`} className="grid gap-3">
              <h2
                id={`agenda-${day.date}`}
                className="flex flex-wrap items-baseline gap-x-3 text-xl font-semibold"
              >
                <time dateTime={day.date} className="inline-block first-letter:uppercase">
                  {dateWithWeekday(day.date)}
                </time>
                <span className="font-sans text-sm font-normal text-muted-foreground">
                  {plural(day.appointments.length, t.appointments)}
                </span>
              </h2>
              <Card className="p-0">
                <ol className="divide-y divide-border">
                  {day.appointments.map((appointment) => (
                    <AgendaRow key={appointment.id} appointment={appointment} />
                  ))}
                </ol>
              </Card>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

function AgendaRow({ appointment }: { appointment: MerchantReservation }) {
  const duration = appointment.duration_minutes;
  return (
    <li className="grid grid-cols-[5rem_1fr] items-start gap-3 px-4 py-3 sm:grid-cols-[6rem_1fr_auto]">
      <p className="flex items-center gap-1.5 text-lg font-semibold tabular-nums">
        <Clock aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <time>{shortTime(appointment.time)}</time>
      </p>
      <div className="min-w-0">
        <p className="font-semibold">{appointment.treatment_name}</p>
        <p className="text-muted-foreground">
          {appointment.client_name}
          {appointment.client_code ? ` · ${appointment.client_code}` : ''}
        </p>
      </div>
      <p className="col-start-2 text-sm sm:col-start-3 sm:text-right">
        <span className="text-muted-foreground">{c.operator}: </span>
        <span className="font-medium">{appointment.operator_name || c.noPreference}</span>
        {duration ? (
          <span className="block text-muted-foreground">{fill(t.minutes, { minutes: duration })}</span>
        ) : null}
      </p>
    </li>
  );
}
