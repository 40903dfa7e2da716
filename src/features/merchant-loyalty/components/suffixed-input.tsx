import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cx } from 'class-variance-authority';

/** A text field with a unit after the value ('€', '%'); the unit is decoration, the label names the field. */
export function SuffixedInput({
  suffix,
  className,
  ...props
}: ComponentProps<typeof Input> & { suffix: string }) {
  return (
    <div className="relative">
      <Input className={cx('ui-suffixed-input', className)} {...props} />
      {/* Beside a refused value the unit would read as part of the mistake ('abc €'). */}
      {props['aria-invalid'] ? null : (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-3 flex items-center font-semibold text-muted-foreground"
        >
          {suffix}
        </span>
      )}
    </div>
  );
}
