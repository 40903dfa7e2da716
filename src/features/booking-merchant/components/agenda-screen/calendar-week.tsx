import type { CalendarAppointment, CalendarDay } from '@/features/booking-merchant/api/get-merchant-calendar';
import { CalendarAppointmentButton } from '@/features/booking-merchant/components/agenda-screen/calendar-appointment-button';
import { dateWithWeekday } from '@/components/booking/booking-dates';
import { dayOfMonth, shortWeekdayOf } from '@/features/booking-merchant/calendar-dates';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { cx } from 'class-variance-authority';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.agenda;

/** A desktop week: seven columns, each day's appointments in order, compact. */
export function CalendarWeek({
  days,
  today,
  onOpen,
}: {
  days: CalendarDay[];
  today: string;
  onOpen: (appointment: CalendarAppointment, date: string) => void;
}) {
  return (
    <div className="grid grid-cols-7 gap-2">
      {days.map((day) => (
        <section
          key={day.date}
          aria-label={dateWithWeekday(day.date)}
          className={cx(
            'grid min-w-0 content-start gap-2 rounded-2xl border border-border p-2',
            day.closed ? 'bg-muted' : 'bg-card',
          )}
        >
          <h2
            className={cx(
              'flex items-baseline gap-1.5 font-sans text-sm font-semibold',
              day.date === today && 'text-primary',
            )}
          >
            <span className="first-letter:uppercase">{shortWeekdayOf(day.date)}</span>
            <span className="text-lg tabular-nums">{dayOfMonth(day.date)}</span>
          </h2>
          {day.closed ? <p className="text-sm text-muted-foreground">{t.closed}</p> : null}
          {day.appointments.length > 0 ? (
            <ol
              aria-label={fill(t.dayAppointments, { date: dateWithWeekday(day.date) })}
              className="grid gap-1.5"
            >
              {day.appointments.map((appointment) => (
                <li key={appointment.id}>
                  <CalendarAppointmentButton
                    appointment={appointment}
                    onClick={() => onOpen(appointment, day.date)}
                    className="grid px-2 py-1 text-xs leading-snug"
                  >
                    <span aria-hidden="true" className="font-semibold tabular-nums">
                      {appointment.time}
                    </span>
                    <span aria-hidden="true" className="font-semibold break-words">
                      {appointment.client_name}
                    </span>
                    <span aria-hidden="true" className="truncate">
                      {appointment.treatment_name}
                    </span>
                    <span aria-hidden="true" className="truncate">
                      {appointment.operator_name}
                    </span>
                  </CalendarAppointmentButton>
                </li>
              ))}
            </ol>
          ) : null}
        </section>
      ))}
    </div>
  );
}
