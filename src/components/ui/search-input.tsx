import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

/** A search field: the magnifier inside its left edge, no browser autofill. */
export function SearchInput(props: Omit<ComponentProps<'input'>, 'type' | 'className'>) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
      />
      <Input type="search" autoComplete="off" className="pl-10" {...props} />
    </div>
  );
}
