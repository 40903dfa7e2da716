import type { ComponentProps } from 'react';
import { cx } from 'class-variance-authority';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cx('ui-input', className)} {...props} />;
}
