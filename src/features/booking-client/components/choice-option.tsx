import type { ReactNode } from 'react';
import { cx } from 'class-variance-authority';

interface ChoiceOptionProps {
  /** The radio group's name: the options of one step share it, so arrow keys move between them. */
  name: string;
  value: string;
  checked: boolean;
  onChoose: (value: string) => void;
  disabled?: boolean;
  /** The option's accessible name when its visible content is not the whole story. */
  label?: string;
  className?: string;
  children: ReactNode;
}

/**
 * One option of a step (a treatment card, an operator, a day, a time): a native radio button spread over
 * the whole option, so it is a radio group for keyboards and screen readers and one large target for
 * fingers, with a visible focus ring.
 */
export function ChoiceOption({
  name,
  value,
  checked,
  onChoose,
  disabled = false,
  label,
  className,
  children,
}: ChoiceOptionProps) {
  return (
    <label className={cx('ui-choice-option', className)}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-label={label}
        onChange={() => onChoose(value)}
        className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-xl opacity-0 disabled:cursor-not-allowed"
      />
      {children}
    </label>
  );
}
