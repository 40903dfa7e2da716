import { cx } from 'class-variance-authority';
import type { ComponentProps } from 'react';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cx('ui-skeleton', className)} {...props} />;
}
