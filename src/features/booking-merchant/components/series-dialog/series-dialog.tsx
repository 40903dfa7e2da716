import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { notify } from '@/components/ui/toaster';
import { useBookableClient } from '@/features/booking-merchant/api/get-bookable-client';
import { useOperators } from '@/features/booking-merchant/api/list-operators';
import { useTreatments } from '@/features/booking-merchant/api/list-treatments';
import {
  useBookSeries,
  usePlanSeries,
  type PlannedDate,
  type SeriesRequest,
} from '@/features/booking-merchant/api/series';
import {
  PlannedDateItem,
  type Decision,
} from '@/features/booking-merchant/components/series-dialog/planned-date-item';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { todayInRome } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.serie;
const c = bookingMerchantTexts.common;
const anyOperator = 'any';

const seriesFormSchema = z.object({
  treatmentId: z.string().check(z.minLength(1, t.missing)),
  operatorId: z.string(),
  firstDate: z.string().check(z.minLength(1, t.missing)),
  firstTime: z.string().check(z.minLength(1, t.missing)),
  everyWeeks: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(12)),
  count: z.coerce.number().check(z.int(), z.minimum(2), z.maximum(12)),
});
type SeriesForm = z.input<typeof seriesFormSchema>;

/** What 'Ripeti' starts from: an appointment's treatment, operator, time and the day four weeks on. */
export interface SeriesPreset {
  treatmentId?: string | null;
  operatorId?: string | null;
  firstDate?: string;
  firstTime?: string;
}

/** The starts the salon keeps: the dates that fit and the alternatives it accepted; undefined while one is undecided. */
function acceptedStarts(plan: PlannedDate[], decisions: Record<number, Decision>): string[] | undefined {
  const starts: string[] = [];
  for (const planned of plan) {
    if (planned.fits) starts.push(planned.starts_at);
    else if (planned.alternative_starts_at === null) continue;
    else if (decisions[planned.position] === 'accepted') starts.push(planned.alternative_starts_at);
    else if (decisions[planned.position] !== 'skipped') return undefined;
  }
  return starts;
}

/** "Prenota una serie": treatment, operator, first date and time, every N weeks, N times → the checked dates → confirmed together. */
export function SeriesDialog({
  clientId,
  preset = {},
  onClose,
}: {
  clientId: string;
  preset?: SeriesPreset;
  onClose: () => void;
}) {
  const client = useBookableClient(clientId);
  const treatments = useTreatments();
  const operators = useOperators();
  const form = useForm<SeriesForm, unknown, z.output<typeof seriesFormSchema>>({
    resolver: zodResolver(seriesFormSchema),
    defaultValues: {
      treatmentId: preset.treatmentId ?? '',
      operatorId: preset.operatorId ?? anyOperator,
      firstDate: preset.firstDate ?? '',
      firstTime: preset.firstTime ?? '10:00',
      everyWeeks: '4',
      count: '6',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const planSeries = usePlanSeries();
  const bookSeries = useBookSeries();
  const [request, setRequest] = useState<SeriesRequest>();
  const [plan, setPlan] = useState<PlannedDate[]>();
  const [decisions, setDecisions] = useState<Record<number, Decision>>({});
  const [failure, setFailure] = useState<string>();
  const starts = plan ? acceptedStarts(plan, decisions) : undefined;

  const onCheck = form.handleSubmit(async (values) => {
    const asked: SeriesRequest = {
      clientId,
      treatmentId: values.treatmentId,
      operatorId: values.operatorId === anyOperator ? undefined : values.operatorId,
    };
    setFailure(undefined);
    try {
      setPlan(await planSeries.mutateAsync({ ...values, ...asked }));
      setRequest(asked);
      setDecisions({});
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  const onConfirm = async () => {
    if (!request || !starts) return;
    setFailure(undefined);
    try {
      notify.success((await bookSeries.mutateAsync({ ...request, starts })).message);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>{t.title}</DialogTitle>
        <DialogDescription>{fill(t.description, { client: client.data?.name ?? '' })}</DialogDescription>
        <form noValidate onSubmit={onCheck} className="grid gap-4">
          <FormField label={c.treatment} error={errors.treatmentId?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="treatmentId"
                render={({ field }) => (
                  <Select
                    value={field.value}
                    onValueChange={(value) => {
                      field.onChange(value);
                      setPlan(undefined);
                    }}
                  >
                    <SelectTrigger {...control} ref={field.ref}>
                      <SelectValue placeholder={t.choose} />
                    </SelectTrigger>
                    <SelectContent>
                      {(treatments.data ?? []).map((treatment) => (
                        <SelectItem key={treatment.id} value={treatment.id}>
                          {treatment.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </FormField>
          <FormField label={c.operator}>
            {(control) => (
              <Controller
                control={form.control}
                name="operatorId"
                render={({ field }) => (
                  <Select
                    value={field.value}
                    onValueChange={(value) => {
                      field.onChange(value);
                      setPlan(undefined);
                    }}
                  >
                    <SelectTrigger {...control} ref={field.ref}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={anyOperator}>{c.noPreference}</SelectItem>
                      {(operators.data ?? []).map((operator) => (
                        <SelectItem key={operator.id} value={operator.id}>
                          {operator.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t.firstDate} error={errors.firstDate?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  min={todayInRome()}
                  required
                  {...form.register('firstDate')}
                />
              )}
            </FormField>
            <FormField label={t.firstTime} error={errors.firstTime?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="time"
                  min="09:00"
                  max="19:00"
                  step={900}
                  required
                  {...form.register('firstTime')}
                />
              )}
            </FormField>
            <FormField label={t.everyWeeks}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  min={1}
                  max={12}
                  required
                  {...form.register('everyWeeks')}
                />
              )}
            </FormField>
            <FormField label={t.count}>
              {(control) => (
                <Input {...control} type="number" min={2} max={12} required {...form.register('count')} />
              )}
            </FormField>
          </div>
          <Button type="submit" variant="outline" disabled={isSubmitting} className="justify-self-start">
            {t.check}
          </Button>
        </form>
        {plan ? (
          <ul className="grid gap-2" aria-label={t.title}>
            {plan.map((planned) => (
              <PlannedDateItem
                key={planned.position}
                planned={planned}
                decision={decisions[planned.position]}
                onDecide={(decision) =>
                  setDecisions((before) => ({ ...before, [planned.position]: decision }))
                }
              />
            ))}
          </ul>
        ) : null}
        {failure ? (
          <p role="alert" className="text-sm font-semibold text-destructive break-words">
            {failure}
          </p>
        ) : null}
        {plan && !starts ? <p className="text-sm text-muted-foreground">{t.decideFirst}</p> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{t.back}</Button>
          </DialogClose>
          {plan ? (
            <Button
              onClick={() => void onConfirm()}
              disabled={!starts || starts.length === 0 || bookSeries.isPending}
            >
              {t.confirm}
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
