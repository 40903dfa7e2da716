import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { nextRange, type DayDraft } from '@/features/booking-merchant/weekly-hours';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;

/**
 * Seven weekdays, each open or closed with one or more ranges of native time inputs on the quarter
 * hour. The database validates ranges and overlaps; this only edits them.
 */
export function WeeklyHoursEditor({
  days,
  onChange,
}: {
  days: readonly DayDraft[];
  onChange: (days: DayDraft[]) => void;
}) {
  const change = (index: number, day: DayDraft) =>
    onChange(days.map((other, i) => (i === index ? day : other)));

  return (
    <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
      {days.map((day, index) => {
        const name = t.weekdays[index]!;
        return (
          <li key={name} className="grid grid-cols-[minmax(0,1fr)] gap-2 rounded-xl border border-border p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">{name}</span>
              <label className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5 accent-primary"
                  aria-label={fill(t.openLabel, { day: name })}
                  checked={day.open}
                  onChange={(event) => change(index, { ...day, open: event.target.checked })}
                />
                <span aria-hidden="true">{day.open ? t.open : t.closedDay}</span>
              </label>
            </div>
            {day.open ? (
              <>
                {day.ranges.map((range, rangeIndex) => {
                  const labels = { day: name, range: rangeIndex + 1 };
                  const setRange = (next: Partial<typeof range>) =>
                    change(index, {
                      ...day,
                      ranges: day.ranges.map((other, i) =>
                        i === rangeIndex ? { ...other, ...next } : other,
                      ),
                    });
                  return (
                    <div key={rangeIndex} className="flex items-center gap-2">
                      <Input
                        type="time"
                        step={900}
                        required
                        aria-label={fill(t.opensLabel, labels)}
                        className="min-w-0 flex-1 px-2 sm:max-w-40 max-sm:[&::-webkit-calendar-picker-indicator]:hidden"
                        value={range.opens}
                        onChange={(event) => setRange({ opens: event.target.value })}
                      />
                      <span aria-hidden="true">–</span>
                      <Input
                        type="time"
                        step={900}
                        required
                        aria-label={fill(t.closesLabel, labels)}
                        className="min-w-0 flex-1 px-2 sm:max-w-40 max-sm:[&::-webkit-calendar-picker-indicator]:hidden"
                        value={range.closes}
                        onChange={(event) => setRange({ closes: event.target.value })}
                      />
                      <Button
                        variant="ghost"
                        size="icon"
                        className="shrink-0"
                        aria-label={fill(t.removeRangeLabel, labels)}
                        disabled={day.ranges.length === 1}
                        onClick={() =>
                          change(index, { ...day, ranges: day.ranges.filter((_, i) => i !== rangeIndex) })
                        }
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  );
                })}
                <Button
                  variant="outline"
                  className="justify-self-start"
                  aria-label={fill(t.addRangeLabel, { day: name })}
                  onClick={() => change(index, { ...day, ranges: [...day.ranges, nextRange(day.ranges)] })}
                >
                  <Plus aria-hidden="true" />
                  {t.addRange}
                </Button>
              </>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
