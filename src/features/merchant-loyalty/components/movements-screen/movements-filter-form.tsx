import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { MovementsFilter } from '@/features/merchant-loyalty/api/list-movements';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';

const t = merchantLoyaltyTexts.movimenti;

/** The filters as typed; applied as null where left empty, the client code in capitals. */
const filterFormSchema = z.pipe(
  z.object({ dateFrom: z.string(), dateTo: z.string(), clientCode: z.string(), receiptNumber: z.string() }),
  z.transform(({ dateFrom, dateTo, clientCode, receiptNumber }): MovementsFilter => ({
    dateFrom: dateFrom || null,
    dateTo: dateTo || null,
    clientCode: clientCode.trim().toUpperCase() || null,
    receiptNumber: receiptNumber.trim() || null,
  })),
);
type FilterDraft = z.input<typeof filterFormSchema>;
const emptyFilterDraft: FilterDraft = { dateFrom: '', dateTo: '', clientCode: '', receiptNumber: '' };

/** From and to dates, a client code and a receipt number; 'Azzera filtri' empties the form and the applied filter. */
export function MovementsFilterForm({
  filtered,
  onApply,
  onReset,
}: {
  /** Whether a filter is applied now: 'Azzera filtri' stays enabled for it. */
  filtered: boolean;
  onApply: (filter: MovementsFilter) => void;
  onReset: () => void;
}) {
  const form = useForm<FilterDraft, unknown, MovementsFilter>({
    resolver: zodResolver(filterFormSchema),
    defaultValues: emptyFilterDraft,
  });
  const [dateFrom, dateTo, clientCode, receiptNumber] = useWatch({
    control: form.control,
    name: ['dateFrom', 'dateTo', 'clientCode', 'receiptNumber'],
  });
  const typed = Boolean(dateFrom || dateTo || clientCode || receiptNumber);
  const reset = () => {
    form.reset(emptyFilterDraft);
    onReset();
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onApply)}
      aria-label={t.filters}
      className="grid items-end gap-4 sm:grid-cols-2 xl:grid-cols-4"
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
      <FormField label={t.client}>
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
      <FormField label={t.receiptNumber}>
        {(control) => (
          <Input {...control} autoComplete="off" maxLength={50} {...form.register('receiptNumber')} />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2 sm:col-span-2 xl:col-span-4">
        <Button type="submit">{t.apply}</Button>
        <Button variant="outline" onClick={reset} disabled={!filtered && !typed}>
          {t.reset}
        </Button>
      </div>
    </form>
  );
}
