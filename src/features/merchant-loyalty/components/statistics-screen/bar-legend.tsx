import { cx } from 'class-variance-authority';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';

const t = merchantLoyaltyTexts.statistiche;

/** What each bar colour stands for: a swatch beside its name, with an optional note. */
export function BarLegend({
  entries,
  note,
}: {
  entries: readonly { label: string; swatch: string }[];
  note?: string;
}) {
  return (
    <div className="grid gap-1 text-sm">
      <ul aria-label={t.legend} className="flex flex-wrap gap-x-4 gap-y-1">
        {entries.map((entry) => (
          <li key={entry.label} className="flex items-center gap-2">
            <span aria-hidden="true" className={cx('size-3 shrink-0 rounded-full', entry.swatch)} />
            {entry.label}
          </li>
        ))}
      </ul>
      {note ? <p className="text-muted-foreground">{note}</p> : null}
    </div>
  );
}
