import type { OpeningHours, SalonPublicPage } from '@/features/merchants/api/get-salon-public-page';
import { salonPageTexts as t } from '@/features/merchants/texts';
import { formatDate } from '@/lib/format';

/** Monday first: each weekday's ranges ('09:00–13:00, 14:00–19:00'), or 'Chiuso'. */
export function weeklyHours(hours: OpeningHours[]): { day: string; ranges: string }[] {
  return t.weekdays.map((day, index) => {
    const ranges = hours
      .filter((range) => range.weekday === index + 1)
      .map((range) => `${range.opens}–${range.closes}`);
    return { day, ranges: ranges.length ? ranges.join(', ') : t.closed };
  });
}

/** The week's opening hours and the closures ahead. */
export function SalonHours({ salon }: { salon: Pick<SalonPublicPage, 'opening_hours' | 'closures'> }) {
  return (
    <section aria-labelledby="salone-orari" className="grid gap-3">
      <h2 id="salone-orari" className="font-display text-xl font-semibold">
        {t.hours}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {weeklyHours(salon.opening_hours).map(({ day, ranges }) => (
          <div key={day} className="contents">
            <dt className="font-medium">{day}</dt>
            <dd className="text-muted-foreground tabular-nums">{ranges}</dd>
          </div>
        ))}
      </dl>
      {salon.closures.length ? (
        <div className="grid gap-1">
          <h3 className="font-semibold">{t.closures}</h3>
          <ul className="grid gap-1 text-muted-foreground">
            {salon.closures.map((closure) => (
              <li key={closure.day} className="[overflow-wrap:anywhere]">
                <span className="tabular-nums">{formatDate(closure.day)}</span>
                {closure.reason ? ` · ${closure.reason}` : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
