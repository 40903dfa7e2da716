import type { CSSProperties } from 'react';
import { dateWithWeekday } from '@/components/booking/booking-dates';
import type {
  CalendarAppointment,
  CalendarDay,
  MerchantCalendar,
} from '@/features/booking-merchant/api/get-merchant-calendar';
import { CalendarAppointmentButton } from '@/features/booking-merchant/components/agenda-screen/calendar-appointment-button';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { cx } from 'class-variance-authority';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.agenda;

/** Height of one row of the grid; a minute is a fifteenth of it. */
const rowHeight = '1.5rem';

/** Where a range of minutes from the grid's first row sits in a column. */
function placed(fromMinutes: number, minutes: number, slotMinutes: number): CSSProperties {
  return {
    top: `calc(${fromMinutes / slotMinutes} * var(--row))`,
    height: `calc(${minutes / slotMinutes} * var(--row))`,
  };
}

/** Whether an appointment starts inside another's processing time, where its operator is free. */
function duringProcessing(appointment: CalendarAppointment, others: CalendarAppointment[]): boolean {
  return others.some((other) => {
    if (other === appointment || other.processing_offset_minutes === null || !other.processing_minutes)
      return false;
    const from = other.offset_minutes + other.processing_offset_minutes;
    return appointment.offset_minutes >= from && appointment.offset_minutes < from + other.processing_minutes;
  });
}

/**
 * A desktop day: one column per operator on the database's 15-minute rows, closed hours and absences
 * shaded, each appointment a block where the database placed it.
 */
export function CalendarDayGrid({
  calendar,
  day,
  onOpen,
  byResource = false,
}: {
  calendar: Pick<MerchantCalendar, 'slots' | 'slot_minutes' | 'operators'> &
    Partial<Pick<MerchantCalendar, 'resources'>>;
  day: CalendarDay;
  onOpen: (appointment: CalendarAppointment) => void;
  /** One column per cabin or piece of equipment instead of per operator. */
  byResource?: boolean;
}) {
  const { slots, slot_minutes: slotMinutes, operators } = calendar;
  const columns = byResource
    ? (calendar.resources ?? [])
    : operators.filter(
        (operator) => operator.id !== null || day.appointments.some((a) => a.operator_id === null),
      );
  const inColumn = (appointment: CalendarAppointment, id: string | null) =>
    byResource ? id !== null && appointment.resource_ids.includes(id) : appointment.operator_id === id;
  const columnLabel = (name: string) =>
    fill(byResource ? t.resourceAppointments : t.operatorAppointments, { operator: name, resource: name });
  const style = {
    '--row': rowHeight,
    gridTemplateColumns: `3.5rem repeat(${columns.length}, minmax(9rem, 1fr))`,
  } as CSSProperties;
  return (
    <section aria-labelledby="agenda-day-title" className="grid gap-3">
      <h2 id="agenda-day-title" className="flex flex-wrap items-baseline gap-x-3 text-xl font-semibold">
        <time dateTime={day.date} className="inline-block first-letter:uppercase">
          {dateWithWeekday(day.date)}
        </time>
        {day.closed ? <span className="font-sans text-base text-muted-foreground">{t.closed}</span> : null}
      </h2>
      <div className="overflow-x-auto rounded-2xl border border-border bg-card">
        <div className="grid min-w-fit" style={style}>
          <div className="sticky left-0 z-10 border-b border-border bg-card" />
          {columns.map((operator) => (
            <h3
              key={operator.id ?? 'none'}
              className="truncate border-b border-l border-border px-3 py-2 font-sans text-base font-semibold"
            >
              {operator.name}
            </h3>
          ))}
          <ol
            aria-hidden="true"
            className="sticky left-0 z-10 grid bg-card"
            style={{ gridTemplateRows: `repeat(${slots.length}, var(--row))` }}
          >
            {slots.map((slot) => (
              <li key={slot} className="-mt-2 pr-2 text-right text-xs text-muted-foreground tabular-nums">
                {slot.endsWith(':00') ? slot : ''}
              </li>
            ))}
          </ol>
          {columns.map((operator) => (
            <div
              key={operator.id ?? 'none'}
              className="relative border-l border-border bg-[repeating-linear-gradient(to_bottom,transparent_0,transparent_calc(4*var(--row)-1px),var(--color-border)_calc(4*var(--row)-1px),var(--color-border)_calc(4*var(--row)))]"
              style={{ height: `calc(${slots.length} * var(--row))` }}
            >
              {day.shaded
                .filter((range) => !byResource && range.operator_id === operator.id)
                .map((range) => (
                  <div
                    key={`${range.kind}-${range.from_minutes}`}
                    aria-hidden="true"
                    data-shaded={range.kind}
                    className={cx(
                      'absolute inset-x-0 overflow-hidden px-2 pt-1 text-xs text-muted-foreground',
                      range.kind === 'closed'
                        ? 'bg-muted'
                        : 'bg-[repeating-linear-gradient(135deg,var(--color-muted)_0,var(--color-muted)_6px,transparent_6px,transparent_12px)]',
                    )}
                    style={placed(range.from_minutes, range.to_minutes - range.from_minutes, slotMinutes)}
                  >
                    {range.to_minutes - range.from_minutes >= 2 * slotMinutes
                      ? range.kind === 'closed'
                        ? t.closed
                        : t.away
                      : null}
                  </div>
                ))}
              {day.appointments
                .filter((appointment) => inColumn(appointment, operator.id) && appointment.buffer_minutes > 0)
                .map((appointment) => (
                  <div
                    key={`pause-${appointment.id}`}
                    aria-hidden="true"
                    data-pause
                    className="absolute inset-x-1 overflow-hidden rounded-b-lg bg-[repeating-linear-gradient(135deg,var(--color-accent)_0,var(--color-accent)_4px,transparent_4px,transparent_8px)] px-2 text-xs text-muted-foreground"
                    style={placed(
                      appointment.offset_minutes + appointment.length_minutes,
                      appointment.buffer_minutes,
                      slotMinutes,
                    )}
                  >
                    {appointment.buffer_minutes >= slotMinutes ? t.pause : null}
                  </div>
                ))}
              <ol aria-label={columnLabel(operator.name)}>
                {day.appointments
                  .filter((appointment) => inColumn(appointment, operator.id))
                  .map((appointment, _, mine) => (
                    <li
                      key={appointment.id}
                      className={cx(
                        'absolute py-px',
                        duringProcessing(appointment, mine) ? 'right-1 left-12 z-10' : 'inset-x-1',
                      )}
                      style={placed(appointment.offset_minutes, appointment.length_minutes, slotMinutes)}
                    >
                      <CalendarAppointmentButton
                        appointment={appointment}
                        onClick={() => onOpen(appointment)}
                        className="relative flex h-full flex-col justify-start px-2 py-0.5 text-xs leading-tight"
                      >
                        <span aria-hidden="true" className="block font-semibold tabular-nums">
                          {fill(t.range, { from: appointment.time, to: appointment.ends })}{' '}
                          <span className="font-bold">{appointment.client_name}</span>
                        </span>
                        <span aria-hidden="true" className="block truncate">
                          {appointment.treatment_name}
                        </span>
                        {appointment.processing_offset_minutes !== null && appointment.processing_minutes ? (
                          <span
                            aria-hidden="true"
                            data-processing
                            className="absolute inset-x-0 border-y border-dashed border-primary bg-card/85 px-2 text-muted-foreground"
                            style={{
                              top: `${(appointment.processing_offset_minutes / appointment.length_minutes) * 100}%`,
                              height: `${(appointment.processing_minutes / appointment.length_minutes) * 100}%`,
                            }}
                          >
                            {t.processing}
                          </span>
                        ) : null}
                      </CalendarAppointmentButton>
                    </li>
                  ))}
              </ol>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
