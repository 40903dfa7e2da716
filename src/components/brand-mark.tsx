import { cx } from 'class-variance-authority';
import { texts } from '@/lib/texts';

/** The Passaparola monogram and name. */
export function BrandMark({ className, showName = true }: { className?: string; showName?: boolean }) {
  return (
    <span className={cx('ui-brand-mark', className)}>
      <span
        aria-hidden="true"
        className="grid size-10 place-items-center rounded-xl bg-primary font-display text-xl font-semibold text-primary-foreground shadow-sm"
      >
        P
      </span>
      {showName ? (
        <span className="font-display text-xl font-semibold tracking-tight">{texts.app.name}</span>
      ) : null}
    </span>
  );
}
