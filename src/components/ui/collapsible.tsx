import { cx } from 'class-variance-authority';
import { Collapsible as CollapsiblePrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

export const Collapsible = CollapsiblePrimitive.Root;

export function CollapsibleTrigger({
  className,
  ...props
}: ComponentProps<typeof CollapsiblePrimitive.CollapsibleTrigger>) {
  return (
    <CollapsiblePrimitive.CollapsibleTrigger className={cx('ui-collapsible-trigger', className)} {...props} />
  );
}

export const CollapsibleContent = CollapsiblePrimitive.CollapsibleContent;
