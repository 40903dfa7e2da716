import { Download } from 'lucide-react';
import { QueryView } from '@/components/query-view';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { PageHeading } from '@/components/layouts/page-heading';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toaster';
import {
  listAllMovements,
  maxPageSize,
  useMovements,
  type Movement,
} from '@/features/merchant-loyalty/api/list-movements';
import { DailySummaryButton } from '@/features/merchant-loyalty/components/daily-summary-button';
import { Pager, pageCountOf } from '@/features/merchant-loyalty/components/pager';
import {
  useMovementReversals,
  type MovementReversal,
} from '@/features/merchant-loyalty/api/reverse-purchase';
import { ReversePurchaseDialog } from '@/features/merchant-loyalty/components/reverse-purchase-dialog';
import { movementsCsv, movementsCsvFileName } from '@/features/merchant-loyalty/movements-csv';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { failureText } from '@/lib/api-error';
import { formatDate, formatMoney, formatTime } from '@/lib/format';
import { fill, plural } from '@/lib/texts';
import { cx } from 'class-variance-authority';

const t = merchantLoyaltyTexts.movimenti;
const c = t.columns;

/** Spec §9: 10 a page when no filter is set; a filtered list shows every match (in pages of the largest size). */
const unfilteredPageSize = 10;

interface Filter {
  dateFrom: string | null;
  dateTo: string | null;
  clientCode: string | null;
}

const noFilter: Filter = { dateFrom: null, dateTo: null, clientCode: null };

function isFiltered(filter: Filter): boolean {
  return Boolean(filter.dateFrom || filter.dateTo || filter.clientCode);
}

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A purchase's reversal state: 'Stornato' with its reason, 'Storno' on the reversing row, or the 'Storna' action. */
function ReversalState({
  movement,
  reversal,
  onReverse,
}: {
  movement: Movement;
  reversal: MovementReversal | undefined;
  onReverse: (movement: Movement) => void;
}) {
  if (reversal?.reversed_by) {
    return (
      <div className="grid gap-0.5 text-sm">
        <span className="w-fit rounded-full bg-destructive/10 px-2 py-0.5 font-semibold text-destructive">
          {t.reversed}
        </span>
        <span className="text-muted-foreground">{fill(t.reversedReason, { reason: reversal.reason })}</span>
      </div>
    );
  }
  if (reversal?.reversal_of) {
    return (
      <div className="grid gap-0.5 text-sm">
        <span className="w-fit rounded-full bg-muted px-2 py-0.5 font-semibold">{t.reversal}</span>
        <span className="text-muted-foreground">{fill(t.reversedReason, { reason: reversal.reason })}</span>
      </div>
    );
  }
  // A movement with a negative spend is a reversal whose state has not arrived yet: no action on it.
  if (Number(movement.spend) <= 0) return null;
  return (
    <Button
      variant="outline"
      aria-label={fill(t.reverseLabel, { client: movement.client_name, date: formatDate(movement.date) })}
      onClick={() => onReverse(movement)}
    >
      {t.reverse}
    </Button>
  );
}

function MovementRows({
  movements,
  reversals,
  onReverse,
}: {
  movements: readonly Movement[];
  reversals: ReadonlyMap<string, MovementReversal>;
  onReverse: (movement: Movement) => void;
}) {
  return (
    <>
      {/* A phone gets one card per movement; a wider screen a table. */}
      <ul className="grid gap-2 sm:hidden">
        {movements.map((movement) => (
          <li key={movement.id} className="rounded-xl border border-border bg-card p-4 shadow-sm">
            <div className="flex items-baseline justify-between gap-3">
              <p className="font-semibold">{movement.client_name}</p>
              <p className="text-sm text-muted-foreground tabular-nums">
                {formatDate(movement.date)} {formatTime(movement.time)}
              </p>
            </div>
            <p className="text-sm text-muted-foreground">
              {movement.client_code}
              {movement.receipt_number ? ` · ${c.receiptNumber} ${movement.receipt_number}` : null}
            </p>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-muted-foreground">{c.spend}</dt>
                <dd className="font-medium tabular-nums">{formatMoney(movement.spend)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{c.discount}</dt>
                <dd className="font-medium tabular-nums">{formatMoney(movement.discount)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{c.net}</dt>
                <dd className="font-semibold tabular-nums">{formatMoney(movement.net)}</dd>
              </div>
            </dl>
            <div className="mt-3">
              <ReversalState
                movement={movement}
                reversal={reversals.get(movement.id)}
                onReverse={onReverse}
              />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-2xl border border-border bg-card shadow-sm sm:block">
        <table className="w-full text-left [&_td:not(:nth-child(3))]:whitespace-nowrap">
          <caption className="sr-only">{t.tableCaption}</caption>
          <thead className="border-b border-border bg-muted/60 text-sm">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {c.date}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {c.time}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {c.client}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                {c.spend}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                {c.discount}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                {c.net}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {c.state}
              </th>
            </tr>
          </thead>
          <tbody>
            {movements.map((movement) => (
              <tr key={movement.id} className="border-b border-border last:border-0">
                <td className="px-4 py-3 tabular-nums">{formatDate(movement.date)}</td>
                <td className="px-4 py-3 tabular-nums">{formatTime(movement.time)}</td>
                <td className="px-4 py-3">
                  {movement.client_name}{' '}
                  <span className="text-sm text-muted-foreground">{movement.client_code}</span>
                  {movement.receipt_number ? (
                    <span className="block text-sm text-muted-foreground">
                      {c.receiptNumber} {movement.receipt_number}
                    </span>
                  ) : null}
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                  {formatMoney(movement.spend)}
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                  {formatMoney(movement.discount)}
                </td>
                <td className="px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums">
                  {formatMoney(movement.net)}
                </td>
                <td className="px-4 py-3">
                  <ReversalState
                    movement={movement}
                    reversal={reversals.get(movement.id)}
                    onReverse={onReverse}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The filters as typed; applied as null where left empty, the client code in capitals. */
const filterFormSchema = z.pipe(
  z.object({ dateFrom: z.string(), dateTo: z.string(), clientCode: z.string() }),
  z.transform(({ dateFrom, dateTo, clientCode }): Filter => ({
    dateFrom: dateFrom || null,
    dateTo: dateTo || null,
    clientCode: clientCode.trim().toUpperCase() || null,
  })),
);
type FilterDraft = z.input<typeof filterFormSchema>;
const emptyFilterDraft: FilterDraft = { dateFrom: '', dateTo: '', clientCode: '' };

/** /dashboard/movimenti 'Storico Movimenti': newest first, filtered by dates and client, exported as CSV. */
export function MovementsScreen() {
  const form = useForm<FilterDraft, unknown, Filter>({
    resolver: zodResolver(filterFormSchema),
    defaultValues: emptyFilterDraft,
  });
  const [dateFrom, dateTo, clientCode] = useWatch({
    control: form.control,
    name: ['dateFrom', 'dateTo', 'clientCode'],
  });
  const [filter, setFilter] = useState<Filter>(noFilter);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filtered = isFiltered(filter);
  const pageSize = filtered ? maxPageSize : unfilteredPageSize;
  const movements = useMovements(filter, page, pageSize);
  const reversals = useMovementReversals(movements.data?.movements.map((movement) => movement.id) ?? []);
  const [reversing, setReversing] = useState<Movement | null>(null);

  const apply = form.handleSubmit((applied) => {
    setFilter(applied);
    setPage(1);
  });
  const reset = () => {
    form.reset(emptyFilterDraft);
    setFilter(noFilter);
    setPage(1);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      download(movementsCsv(await listAllMovements(filter)), movementsCsvFileName(filter));
    } catch (error) {
      notify.error(failureText(t.exportError, error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="grid gap-6">
      <PageHeading>{t.title}</PageHeading>
      <Card>
        <CardContent className="pt-6">
          <form
            noValidate
            onSubmit={apply}
            aria-label={t.filters}
            className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto_auto]"
          >
            <FormField label={t.dateFrom}>
              {(control) => (
                <Input {...control} type="date" max={dateTo || undefined} {...form.register('dateFrom')} />
              )}
            </FormField>
            <FormField label={t.dateTo}>
              {(control) => (
                <Input {...control} type="date" min={dateFrom || undefined} {...form.register('dateTo')} />
              )}
            </FormField>
            <FormField label={t.client} className="sm:col-span-2 lg:col-span-1">
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  autoCapitalize="characters"
                  placeholder={t.clientHint}
                  {...form.register('clientCode')}
                />
              )}
            </FormField>
            <Button type="submit">{t.apply}</Button>
            <Button
              variant="outline"
              onClick={reset}
              disabled={!filtered && !dateFrom && !dateTo && !clientCode}
            >
              {t.reset}
            </Button>
          </form>
        </CardContent>
      </Card>
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
                <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
                  <Download aria-hidden="true" />
                  {exporting ? t.exporting : t.export}
                </Button>
                <DailySummaryButton filter={filter} />
              </div>
            </div>
            <MovementRows
              movements={data.movements}
              reversals={reversals.data ?? new Map<string, MovementReversal>()}
              onReverse={setReversing}
            />
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
