import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import type { MovementsFilter } from '@/features/merchant-loyalty/api/list-movements';
import { MovementsFilterForm } from '@/features/merchant-loyalty/components/movements-screen/movements-filter-form';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { fill } from '@/lib/texts';

const t = merchantLoyaltyTexts.movimenti;

/** A wide screen has room for the filters above the list; a phone shows the movements first. */
const roomyScreen = '(min-width: 64rem)';

/** How many of the filter's fields are set. */
export function activeFilterCount(filter: MovementsFilter): number {
  return Object.values(filter).filter((value) => value !== null && value !== '').length;
}

/** 'Filtri (n)': the filter form folded behind one button on a phone, open on a wide screen. */
export function MovementsFilters({
  filter,
  onApply,
  onReset,
}: {
  filter: MovementsFilter;
  onApply: (filter: MovementsFilter) => void;
  onReset: () => void;
}) {
  const [open, setOpen] = useState(() => window.matchMedia(roomyScreen).matches);
  const headingId = useId();
  const active = activeFilterCount(filter);
  return (
    <Card role="region" aria-labelledby={headingId}>
      <Collapsible open={open} onOpenChange={setOpen}>
        <h2 id={headingId} className="text-lg font-semibold">
          <CollapsibleTrigger className="min-h-14 rounded-2xl px-4 py-2 hover:bg-muted sm:px-6">
            <span>{active ? fill(t.filtersActive, { count: active }) : t.filters}</span>
            <ChevronDown aria-hidden="true" className="size-6 shrink-0 text-primary" />
          </CollapsibleTrigger>
        </h2>
        {/* Kept mounted while folded, so what was typed and not yet applied stays. */}
        <CollapsibleContent
          forceMount
          className="border-t border-border px-4 pt-4 pb-6 data-[state=closed]:hidden sm:px-6"
        >
          <MovementsFilterForm filtered={active > 0} onApply={onApply} onReset={onReset} />
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}
