import { useId, type ReactElement } from 'react';
import { Label } from '@/components/ui/label';
import { cx } from 'class-variance-authority';

interface FieldControlProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

interface FormFieldProps {
  label: string;
  /** The validation message, announced when it appears. */
  error?: string;
  hint?: string;
  /** Marks the label with '*' (explained by the form) and the control as required, before any submit. */
  required?: boolean;
  className?: string;
  /** Renders the control with the id and ARIA attributes that tie it to its label and messages. */
  children: (control: FieldControlProps) => ReactElement;
}

/** A visible label, the control, an optional hint and an error message read out by screen readers. */
export function FormField({ label, error, hint, required, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('ui-field', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <p id={errorId} role="alert" className="text-sm font-medium text-destructive empty:hidden">
        {error}
      </p>
    </div>
  );
}

/** The visible '*' of a required field; the control itself says so to a screen reader (aria-required). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-destructive">
      *
    </span>
  );
}
