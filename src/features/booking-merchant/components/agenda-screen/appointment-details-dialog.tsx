import { Ban, Phone, Repeat } from 'lucide-react';
import { dateWithWeekday } from '@/components/booking/booking-dates';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { CalendarAppointment } from '@/features/booking-merchant/api/get-merchant-calendar';
import { telHref } from '@/features/booking-merchant/calendar-dates';
import { ReminderStatus } from '@/features/booking-merchant/components/reminder-status';
import { WhatsAppAction } from '@/features/booking-merchant/components/whatsapp-action';
import { VisitOutcomeButtons } from '@/features/booking-merchant/components/visit-outcome-buttons';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.agenda;
const s = bookingMerchantTexts.serie;
const c = bookingMerchantTexts.common;

/**
 * An appointment tapped in the calendar: who, what, when, how long, the notes, and cancelling it or,
 * once started, marking it completed or missed.
 */
export function AppointmentDetailsDialog({
  appointment,
  date,
  onOpenChange,
  onCancel,
  onRepeat,
}: {
  appointment: CalendarAppointment;
  date: string;
  onOpenChange: (open: boolean) => void;
  /** 'series': the series' appointments not yet started, when it belongs to one. */
  onCancel: (scope: 'one' | 'series') => void;
  onRepeat: () => void;
}) {
  const rows = [
    { label: c.date, value: dateWithWeekday(date) },
    { label: c.time, value: fill(t.range, { from: appointment.time, to: appointment.ends }) },
    { label: t.duration, value: fill(t.minutes, { minutes: appointment.duration_minutes }) },
    { label: c.operator, value: appointment.operator_name },
  ];
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{appointment.client_name}</DialogTitle>
        <DialogDescription>
          {fill(t.detailsDescription, {
            treatment: appointment.treatment_name,
            operator: appointment.operator_name,
          })}
        </DialogDescription>
        {appointment.client_phone ? (
          <a
            href={telHref(appointment.client_phone)}
            className="inline-flex min-h-11 items-center gap-2 justify-self-start font-semibold text-primary underline underline-offset-4"
          >
            <Phone aria-hidden="true" className="size-5" />
            {fill(t.call, { phone: appointment.client_phone })}
          </a>
        ) : (
          <p className="text-muted-foreground">{t.noPhone}</p>
        )}
        <WhatsAppAction
          whatsapp={appointment.whatsapp}
          client={appointment.client_name}
          className="justify-self-start"
        />
        <ReminderStatus reminder={appointment.reminder} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">{c.status}</dt>
          <dd className="font-medium">{appointment.status}</dd>
          <dt className="text-muted-foreground">{c.treatment}</dt>
          <dd className="font-medium">{appointment.treatment_name}</dd>
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className="font-medium first-letter:uppercase">{row.value}</dd>
            </div>
          ))}
          {appointment.notes ? (
            <div className="contents">
              <dt className="text-muted-foreground">{c.notes}</dt>
              <dd className="whitespace-pre-line">{appointment.notes}</dd>
            </div>
          ) : null}
        </dl>
        {appointment.series_id ? <p className="font-semibold text-primary">{s.inSeriesLong}</p> : null}
        {appointment.treatment_id ? (
          <Button
            variant="outline"
            className="justify-self-start"
            aria-label={fill(s.repeatLabel, { client: appointment.client_name })}
            onClick={onRepeat}
          >
            <Repeat aria-hidden="true" />
            {s.repeat}
          </Button>
        ) : null}
        {appointment.actions.includes('cancel') && appointment.series_id ? (
          <div className="grid gap-2 justify-items-end" role="group" aria-label={s.cancelWhich}>
            <p className="text-sm text-muted-foreground">{s.cancelWhich}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="destructive" onClick={() => onCancel('one')}>
                <Ban aria-hidden="true" />
                {s.cancelOne}
              </Button>
              <Button variant="destructive" onClick={() => onCancel('series')}>
                <Ban aria-hidden="true" />
                {s.cancelAll}
              </Button>
            </div>
          </div>
        ) : appointment.actions.includes('cancel') ? (
          <Button
            variant="destructive"
            className="justify-self-end"
            aria-label={fill(t.cancelLabel, { client: appointment.client_name })}
            onClick={() => onCancel('one')}
          >
            <Ban aria-hidden="true" />
            {t.cancel}
          </Button>
        ) : null}
        {appointment.actions.includes('complete') ? (
          <div className="flex flex-wrap justify-end gap-2">
            <VisitOutcomeButtons
              reservationId={appointment.id}
              client={appointment.client_name}
              actions={appointment.actions}
              onMarked={() => onOpenChange(false)}
            />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
