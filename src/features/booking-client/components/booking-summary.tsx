import { dateWithWeekday } from '@/components/booking/booking-dates';
import { Button } from '@/components/ui/button';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { formatMoney } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

interface SummaryChoice {
  treatment?: { name: string; duration_minutes: number; price: number };
  operatorName?: string;
  date?: string;
  time?: string;
}

/** The booking so far (treatment, operator, day and time, duration, price) and 'Prenota'. */
export function BookingSummary({ choice, pending }: { choice: SummaryChoice; pending: boolean }) {
  const { treatment, operatorName, date, time } = choice;
  const rows = [
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
