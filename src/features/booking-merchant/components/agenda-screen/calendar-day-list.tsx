import { dateWithWeekday } from '@/components/booking/booking-dates';
import type {
  CalendarAppointment,
  CalendarDay,
  CalendarOperator,
} from '@/features/booking-merchant/api/get-merchant-calendar';
import { CalendarAppointmentButton } from '@/features/booking-merchant/components/agenda-screen/calendar-appointment-button';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.agenda;

/** The processing time inside an appointment and the pause after it, as the wide Agenda marks them. */
function AppointmentTiming({ appointment }: { appointment: CalendarAppointment }) {
  const processing =
    appointment.processing_offset_minutes === null ? 0 : (appointment.processing_minutes ?? 0);
  if (processing === 0 && appointment.buffer_minutes === 0) return null;
  return (
    <span className="col-span-2 mt-1 flex flex-wrap gap-2 text-xs text-muted-foreground">
      {processing > 0 ? (
        <span className="rounded border border-dashed border-primary px-1.5">
          {fill(t.processingFor, { minutes: processing })}
        </span>
      ) : null}
      {appointment.buffer_minutes > 0 ? (
        <span className="rounded border border-muted-foreground/40 bg-[repeating-linear-gradient(135deg,var(--color-accent)_0,var(--color-accent)_4px,transparent_4px,transparent_8px)] px-1.5">
          {fill(t.pauseFor, { minutes: appointment.buffer_minutes })}
        </span>
      ) : null}
    </span>
  );
}

/** A phone's day: the appointments of each operator, in order. */
export function CalendarDayList({
  day,
  operators,
  onOpen,
}: {
  day: CalendarDay;
  operators: CalendarOperator[];
  onOpen: (appointment: CalendarAppointment) => void;
}) {
  return (
    <div className="grid gap-4">
      <h2 className="flex flex-wrap items-baseline gap-x-3 text-xl font-semibold">
        <time dateTime={day.date} className="inline-block first-letter:uppercase">
          {dateWithWeekday(day.date)}
        </time>
        {day.closed ? <span className="font-sans text-base text-muted-foreground">{t.closed}</span> : null}
      </h2>
      {operators.map((operator) => {
        const appointments = day.appointments.filter((a) => a.operator_id === operator.id);
        if (operator.id === null && appointments.length === 0) return null;
        const headingId = `agenda-operator-${operator.id ?? 'none'}`;
        return (
          <section key={operator.id ?? 'none'} aria-labelledby={headingId} className="grid gap-2">
            <h3 id={headingId} className="font-sans text-base font-semibold">
              {operator.name}
            </h3>
            {appointments.length === 0 ? (
              <p className="text-muted-foreground">{t.noAppointments}</p>
            ) : (
              <ol
                aria-label={fill(t.operatorAppointments, { operator: operator.name })}
                className="grid gap-2"
              >
                {appointments.map((appointment) => (
                  <li key={appointment.id}>
                    <CalendarAppointmentButton
                      appointment={appointment}
                      onClick={() => onOpen(appointment)}
                      className="grid grid-cols-[auto_1fr] gap-x-3 px-3 py-2"
                    >
                      <span aria-hidden="true" className="font-semibold tabular-nums">
                        {appointment.time}
                      </span>
                      <span aria-hidden="true" className="min-w-0 truncate font-semibold">
                        {appointment.client_name}
                      </span>
                      <span aria-hidden="true" className="text-sm tabular-nums">
                        {appointment.ends}
                      </span>
                      <span aria-hidden="true" className="min-w-0 truncate text-sm">
                        {appointment.treatment_name}
                      </span>
                      <AppointmentTiming appointment={appointment} />
                    </CalendarAppointmentButton>
                  </li>
                ))}
              </ol>
            )}
          </section>
        );
      })}
    </div>
  );
}
