import { Repeat } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { CalendarAppointment } from '@/features/booking-merchant/api/get-merchant-calendar';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { cx } from 'class-variance-authority';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.agenda;

/**
 * An appointment to tap for its details, named in full for screen readers by time, client, treatment and
 * operator; the compact visible parts (children) are hidden from them. A visit's part says so ('Visita, 2 di 3').
 */
export function CalendarAppointmentButton({
  appointment,
  className,
  children,
  ...props
}: { appointment: CalendarAppointment } & ComponentProps<'button'>) {
  const visitMark =
    appointment.visit_part && appointment.visit_parts
      ? fill(bookingMerchantTexts.visitMark, { part: appointment.visit_part, parts: appointment.visit_parts })
      : null;
  return (
    <button type="button" className={cx('ui-calendar-appointment relative', className)} {...props}>
      <span className="sr-only">
        {fill(t.appointmentLabel, {
          from: appointment.time,
          to: appointment.ends,
          client: appointment.client_name,
          treatment: appointment.treatment_name,
          operator: appointment.operator_name,
        })}
        {appointment.series_id ? `, ${bookingMerchantTexts.serie.inSeriesLong.toLowerCase()}` : ''}
        {visitMark ? `, ${visitMark}` : ''}
      </span>
      {appointment.series_id ? (
        <Repeat
          aria-hidden="true"
          className="absolute top-1.5 right-1.5 size-3.5 text-primary"
          data-testid="series-mark"
        />
      ) : null}
      {children}
      {visitMark ? (
        <span aria-hidden="true" className="block truncate text-xs font-semibold">
          {visitMark}
        </span>
      ) : null}
    </button>
  );
}
