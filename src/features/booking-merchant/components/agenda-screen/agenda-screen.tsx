import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';
import { EmptyState } from '@/components/empty-state';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { PageHeading } from '@/components/layouts/page-heading';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  useMerchantCalendar,
  type CalendarAppointment,
  type CalendarDay,
} from '@/features/booking-merchant/api/get-merchant-calendar';
import { useMerchantCancelReservation } from '@/features/booking-merchant/api/merchant-cancel-reservation';
import { AppointmentDetailsDialog } from '@/features/booking-merchant/components/agenda-screen/appointment-details-dialog';
import { CalendarDayGrid } from '@/features/booking-merchant/components/agenda-screen/calendar-day-grid';
import { CalendarDayList } from '@/features/booking-merchant/components/agenda-screen/calendar-day-list';
import { CalendarDayStrip } from '@/features/booking-merchant/components/agenda-screen/calendar-day-strip';
import { CalendarWeek } from '@/features/booking-merchant/components/agenda-screen/calendar-week';
import { DayWaitlist } from '@/features/booking-merchant/components/agenda-screen/day-waitlist';
import { ReservationReasonDialog } from '@/features/booking-merchant/components/reservation-reason-dialog';
import { PhoneBookingDialog } from '@/features/booking-merchant/components/phone-booking-dialog/phone-booking-dialog';
import { SeriesDialog } from '@/features/booking-merchant/components/series-dialog/series-dialog';
import { useCancelSeries } from '@/features/booking-merchant/api/series';
import { addDays } from '@/features/booking-merchant/calendar-dates';
import { VisitsToClose } from '@/features/booking-merchant/components/agenda-screen/visits-to-close';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';

const t = bookingMerchantTexts.agenda;

/** Where the grid per operator and the week view fit (Tailwind's md). */
const wideScreen = '(min-width: 48rem)';

/** The week's empty state, shown under the day strip: the days stay in sight to move to another week. */
function emptyWeek(days: readonly CalendarDay[]) {
  return days.every((shown) => shown.appointments.length === 0) ? (
    <EmptyState>{t.emptyWeek}</EmptyState>
  ) : null;
}

interface Opened {
  appointment: CalendarAppointment;
  date: string;
  cancelling: false | 'one' | 'series';
  repeating?: boolean;
}

/** The address without the series or the appointment a client's card asked for. */
function withoutClientDialog(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams(params);
  kept.delete('serie');
  kept.delete('appuntamento');
  return kept;
}

/** A `YYYY-MM-DD` day from the address, or null. */
const dateParam = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/**
 * /dashboard/agenda 'Agenda': a week of confirmed appointments, live. A phone shows the day strip and the
 * chosen day per operator; a wider screen a day grid per operator or the whole week. One of the two is
 * rendered, so the week's empty state is said once, under the days.
 */
export function AgendaScreen() {
  // The week and the day shown live in the address, so a reload or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const fromDay = dateParam(params.get('settimana'));
  const selected = dateParam(params.get('giorno')) ?? fromDay;
  const [opened, setOpened] = useState<Opened | null>(null);
  // 'Prenota una serie' and 'Nuovo appuntamento' from a client's card: ?serie=<client id>, ?appuntamento=<client id>.
  const seriesClientId = params.get('serie');
  const appointmentClientId = params.get('appuntamento');
  const [booking, setBooking] = useState(false);
  const [byResource, setByResource] = useState(false);
  const calendar = useMerchantCalendar(fromDay);
  const wide = useMediaQuery(wideScreen);
  // Kept here, so a layout drawn again (a window resized, a full-page capture) keeps the chosen view.
  const [view, setView] = useState('day');
  const cancel = useMerchantCancelReservation();
  const cancelSeries = useCancelSeries();
  const data = calendar.data;

  const show = (week: string | null, chosen: string | null) =>
    setParams(
      Object.fromEntries(
        Object.entries({ settimana: week, giorno: chosen }).filter(
          (entry): entry is [string, string] => entry[1] !== null,
        ),
      ),
      { replace: true },
    );
  const goTo = (day: string | null) => show(day, null);
  const setSelected = (chosen: string) => show(fromDay, chosen);
  const day = data ? (data.days.find((shown) => shown.date === selected) ?? data.days[0]) : undefined;
  const open = (date: string) => (appointment: CalendarAppointment) =>
    setOpened({ appointment, date, cancelling: false });

  return (
    <section className="grid min-w-0 gap-6">
      <PageHeading lead={t.lead}>{t.title}</PageHeading>
      <Button className="justify-self-start" onClick={() => setBooking(true)}>
        <Plus aria-hidden="true" />
        {bookingMerchantTexts.appuntamento.open}
      </Button>
      <VisitsToClose />
      <QueryView query={calendar} pending={<LoadingBlocks />}>
        {(data) =>
          day && (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={t.previousWeek}
                  onClick={() => goTo(data.previous_from_day)}
                >
                  <ChevronLeft aria-hidden="true" />
                </Button>
                <Button variant="outline" onClick={() => goTo(null)} disabled={data.from_day === data.today}>
                  {t.today}
                </Button>
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={t.nextWeek}
                  onClick={() => goTo(data.next_from_day)}
                >
                  <ChevronRight aria-hidden="true" />
                </Button>
                <p className="font-semibold tabular-nums" aria-live="polite">
                  {formatDate(data.days[0]!.date)} – {formatDate(data.days.at(-1)!.date)}
                </p>
              </div>
              {wide ? (
                <Tabs value={view} onValueChange={setView}>
                  <TabsList aria-label={t.view}>
                    <TabsTrigger value="day">{t.dayView}</TabsTrigger>
                    <TabsTrigger value="week">{t.weekView}</TabsTrigger>
                  </TabsList>
                  <TabsContent value="day" className="grid gap-4">
                    <CalendarDayStrip
                      days={data.days}
                      today={data.today}
                      selected={day.date}
                      onSelect={setSelected}
                    />
                    {emptyWeek(data.days)}
                    {data.resources.length > 0 ? (
                      <CheckboxField
                        label={t.resourceColumns}
                        checked={byResource}
                        onChange={(event) => setByResource(event.target.checked)}
                      />
                    ) : null}
                    <CalendarDayGrid
                      calendar={data}
                      day={day}
                      onOpen={open(day.date)}
                      byResource={byResource && data.resources.length > 0}
                    />
                  </TabsContent>
                  <TabsContent value="week" className="grid gap-4">
                    {emptyWeek(data.days)}
                    <CalendarWeek
                      days={data.days}
                      today={data.today}
                      onOpen={(appointment, date) => open(date)(appointment)}
                    />
                  </TabsContent>
                </Tabs>
              ) : (
                <div className="grid gap-4">
                  <CalendarDayStrip
                    days={data.days}
                    today={data.today}
                    selected={day.date}
                    onSelect={setSelected}
                  />
                  {emptyWeek(data.days)}
                  <CalendarDayList day={day} operators={data.operators} onOpen={open(day.date)} />
                </div>
              )}
            </>
          )
        }
      </QueryView>
      {day ? <DayWaitlist date={day.date} /> : null}
      {opened && !opened.cancelling && !opened.repeating ? (
        <AppointmentDetailsDialog
          appointment={opened.appointment}
          date={opened.date}
          onOpenChange={(isOpen) => (isOpen ? undefined : setOpened(null))}
          onCancel={(scope) => setOpened({ ...opened, cancelling: scope })}
          onRepeat={() => setOpened({ ...opened, repeating: true })}
        />
      ) : null}
      {seriesClientId ? (
        <SeriesDialog
          clientId={seriesClientId}
          onClose={() => setParams(withoutClientDialog(params), { replace: true })}
        />
      ) : null}
      {appointmentClientId ? (
        <PhoneBookingDialog
          clientId={appointmentClientId}
          day={day?.date}
          onClose={() => setParams(withoutClientDialog(params), { replace: true })}
        />
      ) : null}
      {booking ? <PhoneBookingDialog day={day?.date} onClose={() => setBooking(false)} /> : null}
      {opened?.repeating ? (
        <SeriesDialog
          clientId={opened.appointment.client_id}
          preset={{
            treatmentId: opened.appointment.treatment_id,
            operatorId: opened.appointment.operator_id,
            firstDate: addDays(opened.date, 28),
            firstTime: opened.appointment.time,
          }}
          onClose={() => setOpened(null)}
        />
      ) : null}
      {opened?.cancelling ? (
        <ReservationReasonDialog
          texts={
            opened.cancelling === 'series'
              ? bookingMerchantTexts.serie.cancelSeriesDialog
              : bookingMerchantTexts.prenotazioni.cancelDialog
          }
          send={opened.cancelling === 'series' ? cancelSeries.mutateAsync : cancel.mutateAsync}
          reservation={{
            id: opened.appointment.id,
            client_name: opened.appointment.client_name,
            treatment_name: opened.appointment.treatment_name,
          }}
          open
          onOpenChange={(isOpen) => (isOpen ? undefined : setOpened(null))}
        />
      ) : null}
    </section>
  );
}
