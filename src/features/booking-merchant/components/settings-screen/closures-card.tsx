import { Trash2 } from 'lucide-react';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { useBookingCalendar } from '@/features/booking-merchant/api/get-booking-calendar';
import { useAddSalonClosure } from '@/features/booking-merchant/api/add-salon-closure';
import { useRemoveSalonClosure } from '@/features/booking-merchant/api/remove-salon-closure';
import { closurePeriods, periodText, type ClosurePeriod } from '@/features/booking-merchant/closure-periods';
import {
  closureFormSchema,
  type ClosureDraft,
  type ClosureValues,
} from '@/features/booking-merchant/day-range-forms';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { maxLength } from '@/lib/input-limits';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;

const emptyClosure: ClosureDraft = { fromDay: '', toDay: '', reason: '' };

/** Days the salon is closed: a period to add, and the list of periods ('dal 10 al 14 agosto 2030'), each with its delete button. */
export function ClosuresCard() {
  const calendar = useBookingCalendar();
  const add = useAddSalonClosure();
  const remove = useRemoveSalonClosure();
  const form = useForm<ClosureDraft, unknown, ClosureValues>({
    resolver: zodResolver(closureFormSchema),
    defaultValues: emptyClosure,
  });
  const { errors, isSubmitting } = form.formState;
  const fromDay = useWatch({ control: form.control, name: 'fromDay' });

  const onAdd = form.handleSubmit(async (values) => {
    try {
      notify.success((await add.mutateAsync(values)).message, 'long');
      form.reset(emptyClosure);
    } catch (error) {
      form.setError('root.server', { message: errorMessage(error) });
    }
  });

  const onRemove = async ({ days }: ClosurePeriod) => {
    try {
      const { message } = await remove.mutateAsync({ fromDay: days[0]!, toDay: days.at(-1)! });
      notify.success(message, 'long');
    } catch (error) {
      notify.error(errorMessage(error), 'long');
    }
  };

  return (
    <section aria-labelledby="closures-title">
      <Card>
        <CardHeader>
          <CardTitle id="closures-title">{t.closures}</CardTitle>
          <CardDescription>{t.closuresLead}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <form noValidate aria-label={t.closures} onSubmit={onAdd} className="grid gap-3 sm:grid-cols-2">
            <FormField label={t.closureDay} error={errors.fromDay?.message}>
              {(control) => <Input {...control} type="date" required {...form.register('fromDay')} />}
            </FormField>
            <FormField label={t.closureLastDay} error={errors.toDay?.message}>
              {(control) => (
                <Input {...control} type="date" min={fromDay || undefined} {...form.register('toDay')} />
              )}
            </FormField>
            <FormField label={t.closureReason} error={errors.reason?.message} className="sm:col-span-2">
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  maxLength={maxLength.closureReason}
                  {...form.register('reason')}
                />
              )}
            </FormField>
            <p role="alert" className="font-medium text-destructive empty:hidden sm:col-span-2">
              {errors.root?.server?.message ?? ''}
            </p>
            <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
              {t.addClosure}
            </Button>
          </form>
          <QueryView
            query={calendar}
            pending={<LoadingBlocks count={1} className="h-12" />}
            isEmpty={(data) => data.closure_days.length === 0}
            empty={t.noClosures}
          >
            {(data) => (
              <ul aria-label={t.closures} className="grid gap-2 sm:grid-cols-2">
                {closurePeriods(data.closure_days).map((period) => {
                  const when = periodText(period.days[0]!, period.days.at(-1)!);
                  return (
                    <li
                      key={period.days[0]}
                      className="flex items-center justify-between gap-2 rounded-xl border border-border py-1 pr-1 pl-4"
                    >
                      <span className="min-w-0 break-words">
                        <span className="font-medium">{when}</span>
                        {period.reason ? (
                          <span className="text-muted-foreground"> · {period.reason}</span>
                        ) : null}
                      </span>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="shrink-0"
                        aria-label={fill(t.removeClosureLabel, { when })}
                        disabled={remove.isPending}
                        onClick={() => void onRemove(period)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </QueryView>
        </CardContent>
      </Card>
    </section>
  );
}
