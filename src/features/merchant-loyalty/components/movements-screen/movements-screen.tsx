import { cx } from 'class-variance-authority';
import { useState } from 'react';
import { PageHeading } from '@/components/layouts/page-heading';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import {
  maxPageSize,
  useMovements,
  type Movement,
  type MovementsFilter,
} from '@/features/merchant-loyalty/api/list-movements';
import { DailySummaryButton } from '@/features/merchant-loyalty/components/movements-screen/daily-summary-button';
import { ExportMovementsButton } from '@/features/merchant-loyalty/components/movements-screen/export-movements-button';
import { MovementList } from '@/features/merchant-loyalty/components/movements-screen/movement-list';
import {
  MovementsFilters,
  activeFilterCount,
} from '@/features/merchant-loyalty/components/movements-screen/movements-filters';
import { ReversePurchaseDialog } from '@/features/merchant-loyalty/components/movements-screen/reverse-purchase-dialog';
import { Pager, pageCountOf } from '@/features/merchant-loyalty/components/pager';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { plural } from '@/lib/texts';

const t = merchantLoyaltyTexts.movimenti;

/** Spec §9: 10 a page when no filter is set; a filtered list shows every match (in pages of the largest size). */
const unfilteredPageSize = 10;

const noFilter: MovementsFilter = { dateFrom: null, dateTo: null, clientCode: null, receiptNumber: null };

/** /dashboard/movimenti 'Storico Movimenti': newest first, filtered by dates, client and receipt number, exported as CSV. */
export function MovementsScreen() {
  const [filter, setFilter] = useState<MovementsFilter>(noFilter);
  const [page, setPage] = useState(1);
  const filtered = activeFilterCount(filter) > 0;
  const pageSize = filtered ? maxPageSize : unfilteredPageSize;
  const movements = useMovements(filter, page, pageSize);
  const [reversing, setReversing] = useState<Movement | null>(null);

  const applyFilter = (next: MovementsFilter) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <section className="grid gap-6">
      <PageHeading>{t.title}</PageHeading>
      <MovementsFilters filter={filter} onApply={applyFilter} onReset={() => applyFilter(noFilter)} />
      <QueryView
        query={movements}
        pending={<Skeleton className="h-64" />}
        isEmpty={(data) => data.movements.length === 0}
        empty={t.empty}
      >
        {(data) => (
          <div className={cx('grid gap-4', movements.isPlaceholderData && 'opacity-60')}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p aria-live="polite" className="text-muted-foreground">
                {plural(data.total, t.count)}
              </p>
              <div className="flex flex-wrap gap-2">
                <ExportMovementsButton filter={filter} />
                <DailySummaryButton filter={filter} />
              </div>
            </div>
            <MovementList movements={data.movements} onReverse={setReversing} />
            <Pager
              page={page}
              pageCount={pageCountOf(data.total, pageSize)}
              onPageChange={setPage}
              what={t.label.toLowerCase()}
            />
          </div>
        )}
      </QueryView>
      {reversing && <ReversePurchaseDialog movement={reversing} onClose={() => setReversing(null)} />}
    </section>
  );
}
