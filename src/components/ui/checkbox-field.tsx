import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from 'class-variance-authority';

interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string;
  /** Shown under the label (e.g. a link to read more). */
  description?: ReactNode;
  /** The validation message, announced when it appears. */
  error?: string;
}

/** A native checkbox with its visible label, a 44 px touch target, and an error read out by screen readers. */
export function CheckboxField({ label, description, error, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cx('ui-checkbox-field', className)}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-6 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-ring"
          {...input}
        />
        <div className="grid min-w-0 gap-0.5">
          <label htmlFor={id} className="cursor-pointer leading-snug">
            {label}
          </label>
          {description}
        </div>
      </div>
      <p id={errorId} role="alert" className="text-sm font-medium text-destructive empty:hidden">
        {error}
      </p>
    </div>
  );
}
