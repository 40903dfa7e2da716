import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

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
    <label
      className={cn(
        'relative flex min-h-11 cursor-pointer rounded-xl border border-border bg-card text-card-foreground transition-colors hover:border-border-strong',
        'has-checked:border-primary has-checked:bg-accent has-checked:ring-2 has-checked:ring-primary',
        'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
        'has-disabled:cursor-not-allowed has-disabled:border-dashed has-disabled:bg-muted has-disabled:text-muted-foreground has-disabled:hover:border-border',
        className,
      )}
    >
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
