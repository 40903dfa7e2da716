import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { texts } from '@/lib/texts';
import { cx } from 'class-variance-authority';

/**
 * A password field with a 44 px 'Mostra password' / 'Nascondi password' toggle (aria-pressed) inside
 * its right edge. The toggle is named by its text, not aria-label, so the field's label stays unique.
 */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className={cx('pr-12', className)} />
      <button
        type="button"
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
        className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
      >
        <Icon aria-hidden="true" className="size-5" />
        <span className="sr-only">{visible ? texts.fields.hidePassword : texts.fields.showPassword}</span>
      </button>
    </div>
  );
}
