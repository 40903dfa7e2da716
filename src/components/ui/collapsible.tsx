import { Collapsible as CollapsiblePrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const Collapsible = CollapsiblePrimitive.Root;

export function CollapsibleTrigger({
  className,
  ...props
}: ComponentProps<typeof CollapsiblePrimitive.CollapsibleTrigger>) {
  return (
    <CollapsiblePrimitive.CollapsibleTrigger
      className={cn(
        'flex min-h-11 w-full items-center justify-between gap-3 rounded-lg px-2 text-left font-semibold focus-visible:outline-2 focus-visible:outline-ring [&[data-state=open]>svg]:rotate-180 [&>svg]:transition-transform',
        className,
      )}
      {...props}
    />
  );
}

export const CollapsibleContent = CollapsiblePrimitive.CollapsibleContent;
