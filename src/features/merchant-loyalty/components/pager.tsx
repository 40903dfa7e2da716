import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { fill } from '@/lib/texts';

const t = merchantLoyaltyTexts.common;

/** 'Precedente · Pagina 2 di 5 · Successiva', hidden when everything fits on one page. */
export function Pager({
  page,
  pageCount,
  onPageChange,
  what,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** What is paged, for the navigation's name: 'clienti'. */
  what: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={fill(t.pagination, { what })} className="@container">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          className="shrink-0 px-3 @md:px-5"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft aria-hidden="true" />
          <span className="sr-only @md:not-sr-only">{t.previous}</span>
        </Button>
        <p aria-live="polite" className="text-center text-sm font-medium text-muted-foreground">
          {fill(t.page, { page, pages: pageCount })}
        </p>
        <Button
          variant="outline"
          className="shrink-0 px-3 @md:px-5"
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        >
          <span className="sr-only @md:not-sr-only">{t.next}</span>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/** How many pages `total` rows make at `pageSize` a page (at least one). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
