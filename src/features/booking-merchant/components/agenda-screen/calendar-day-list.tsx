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
