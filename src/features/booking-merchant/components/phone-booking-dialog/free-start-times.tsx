import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView, type QueryState } from '@/components/query-view';
import { useFreeTimes } from '@/components/booking/free-times';
import { useVisitFreeTimes, type VisitPart } from '@/components/booking/visit-free-times';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { cx } from 'class-variance-authority';

const t = bookingMerchantTexts.appuntamento;

/** The free start times of the day: api.free_times for one treatment, the visit's for 2 to 4. */
function useStartTimes(merchantSlug: string, parts: VisitPart[], date: string): QueryState<string[]> {
  const one = parts.length === 1 ? parts[0] : undefined;
  const single = useFreeTimes({
    merchantSlug,
    treatmentId: one?.treatmentId || undefined,
    operatorId: one?.operatorId ?? null,
    date: date || undefined,
  });
  const visit = useVisitFreeTimes({ merchantSlug, parts: parts.length > 1 ? parts : [], date }, '');
  if (one) return single;
  // The visit's answer is read here alone: its periods flattened to the start times.
  return { ...visit, data: visit.data?.flatMap((period) => period.times) };
}

/** The free start times as toggle buttons; the chosen one is pressed. */
export function FreeStartTimes({
  merchantSlug,
  parts,
  date,
  selected,
  onSelect,
}: {
  merchantSlug: string;
  parts: VisitPart[];
  date: string;
  selected: string;
  onSelect: (time: string) => void;
}) {
  const ready = Boolean(date) && parts.every((part) => part.treatmentId);
  const times = useStartTimes(merchantSlug, ready ? parts : [], date);
  if (!ready) return <p className="text-sm text-muted-foreground">{t.chooseFirst}</p>;
  return (
    <QueryView
      query={times}
      pending={<LoadingBlocks />}
      isEmpty={(data) => data.length === 0}
      empty={t.noTimes}
    >
      {(data) => (
        <ul className="flex flex-wrap gap-2" aria-label={t.times}>
          {data.map((time) => (
            <li key={time}>
              <button
                type="button"
                aria-pressed={time === selected}
                onClick={() => onSelect(time)}
                className={cx(
                  'min-h-11 min-w-16 rounded-lg border px-3 font-semibold tabular-nums focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  time === selected
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-border bg-card hover:bg-muted',
                )}
              >
                {time}
              </button>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}
