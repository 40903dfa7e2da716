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
  z.object({ dateFrom: z.string(), dateTo: z.string(), clientCode: z.string() }),
  z.transform(({ dateFrom, dateTo, clientCode }): MovementsFilter => ({
    dateFrom: dateFrom || null,
    dateTo: dateTo || null,
    clientCode: clientCode.trim().toUpperCase() || null,
  })),
);
type FilterDraft = z.input<typeof filterFormSchema>;
const emptyFilterDraft: FilterDraft = { dateFrom: '', dateTo: '', clientCode: '' };

/** From and to dates and a client code; 'Azzera filtri' empties the form and the applied filter. */
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
  const [dateFrom, dateTo, clientCode] = useWatch({
    control: form.control,
    name: ['dateFrom', 'dateTo', 'clientCode'],
  });
  const reset = () => {
    form.reset(emptyFilterDraft);
    onReset();
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onApply)}
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
      <Button variant="outline" onClick={reset} disabled={!filtered && !dateFrom && !dateTo && !clientCode}>
        {t.reset}
      </Button>
    </form>
  );
}
