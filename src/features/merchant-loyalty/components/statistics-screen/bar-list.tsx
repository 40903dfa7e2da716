import { cx } from 'class-variance-authority';

interface Bar {
  key: string;
  label: string;
  /** The figure as read aloud and shown ('€ 120,00', '3'). */
  display: string;
  value: number;
  /** A background token class for the bar ('bg-primary'). */
  swatch?: string;
  detail?: string;
}

/**
 * A horizontal bar chart as a plain list: every bar's label and figure are text, the bar itself is
 * decoration sized against the largest value, so a screen reader reads a list of figures.
 */
export function BarList({ bars }: { bars: readonly Bar[] }) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  return (
    <ul className="grid gap-3">
      {bars.map((bar) => (
        <li key={bar.key} className="grid gap-1">
          <div className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 font-medium break-words">
              {bar.label}
              {bar.detail ? <span className="ml-2 text-sm text-muted-foreground">{bar.detail}</span> : null}
            </span>
            <span className="shrink-0 font-semibold whitespace-nowrap tabular-nums">{bar.display}</span>
          </div>
          <div aria-hidden="true" className="h-3 overflow-hidden rounded-full bg-muted">
            <div
              className={cx('h-full rounded-full', bar.swatch ?? 'bg-primary')}
              style={{ width: `${max > 0 ? Math.max((bar.value / max) * 100, bar.value > 0 ? 2 : 0) : 0}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
