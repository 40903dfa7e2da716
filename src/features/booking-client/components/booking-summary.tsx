import { dateWithWeekday } from '@/components/booking/booking-dates';
import { Button } from '@/components/ui/button';
import type { VisitSchedule } from '@/components/booking/visit-free-times';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { formatMoney } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

interface SummaryTreatment {
  name: string;
  duration_minutes: number;
  price: number;
}

interface SummaryChoice {
  treatment?: SummaryTreatment;
  operatorName?: string;
  date?: string;
  time?: string;
  /** A visit's treatments in order, the first included, each with its operator (2 to 4). */
  visit?: { treatment?: SummaryTreatment; operatorName?: string }[];
  /** The visit's parts' starts and totals as the database answered them (none before the day). */
  schedule?: VisitSchedule;
}

/** The summary's lines of a visit: each treatment with its start time and operator, the day, the totals. */
function visitRows({ visit = [], date, schedule }: SummaryChoice) {
  const complete = visit.every((part) => part.treatment);
  return [
    ...visit.map((part, index) => ({
      label: fill(t.partTreatment, { number: index + 1 }),
      value: part.treatment
        ? [
            part.treatment.name,
            schedule?.starts[index] ? fill(t.partAt, { time: schedule.starts[index] }) : '',
            part.operatorName,
          ]
            .filter(Boolean)
            .join(', ')
        : undefined,
    })),
    { label: t.summaryDay, value: date ? dateWithWeekday(date) : undefined },
    {
      label: t.summaryTotalDuration,
      value: complete && schedule ? fill(t.duration, { minutes: schedule.minutes }) : undefined,
    },
    {
      label: t.summaryTotalPrice,
      value: complete && schedule ? formatMoney(schedule.price) : undefined,
    },
  ];
}

/** The booking so far (treatment, operator, day and time, duration, price; a visit's parts and totals) and 'Prenota'. */
export function BookingSummary({ choice, pending }: { choice: SummaryChoice; pending: boolean }) {
  const { treatment, operatorName, date, time } = choice;
  const rows = choice.visit
    ? visitRows(choice)
    : [
        { label: t.summaryTreatment, value: treatment?.name },
        { label: t.summaryOperator, value: operatorName },
        {
          label: t.summaryWhen,
          value: date && time ? fill(t.dayAtTime, { day: dateWithWeekday(date), time }) : undefined,
        },
        {
          label: t.summaryDuration,
          value: treatment ? fill(t.duration, { minutes: treatment.duration_minutes }) : undefined,
        },
        { label: t.summaryPrice, value: treatment ? formatMoney(treatment.price) : undefined },
      ];
  return (
    <section
      aria-labelledby="booking-summary"
      className="grid gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm"
    >
      <h2 id="booking-summary" className="font-sans text-lg font-semibold">
        {t.summary}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className={row.value ? 'font-medium' : 'text-muted-foreground italic'}>
              {row.value ?? t.notChosen}
            </dd>
          </div>
        ))}
      </dl>
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? t.submitting : t.submit}
      </Button>
    </section>
  );
}
