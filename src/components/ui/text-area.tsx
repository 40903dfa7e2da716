import { cx } from 'class-variance-authority';
import type { ComponentProps } from 'react';

/** A multi-line field styled like the app's inputs. */
export function TextArea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cx('ui-text-area', className)} {...props} />;
}
