import { Trash2 } from 'lucide-react';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { useAddOperatorAbsence } from '@/features/booking-merchant/api/add-operator-absence';
import { useDeleteOperatorAbsence } from '@/features/booking-merchant/api/delete-operator-absence';
import {
  useBookingCalendar,
  type BookingCalendar,
} from '@/features/booking-merchant/api/get-booking-calendar';
import type { Operator } from '@/features/booking-merchant/api/list-operators';
import { useSetOperatorHours } from '@/features/booking-merchant/api/set-operator-hours';
import { absenceFormSchema, type AbsenceDraft } from '@/features/booking-merchant/day-range-forms';
import { WeeklyHoursEditor } from '@/features/booking-merchant/components/weekly-hours-editor';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import {
  effectiveOpeningHours,
  operatorHoursFormSchema,
  toDayDrafts,
  type DayDraft,
  type WeeklyRange,
} from '@/features/booking-merchant/weekly-hours';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;

const emptyAbsence: AbsenceDraft = { fromDay: '', toDay: '' };

/** One operator's weekly hours (or the salon's) and absences, from the operator's card. */
export function OperatorCalendarDialog({ operator, onClose }: { operator: Operator; onClose: () => void }) {
  const calendar = useBookingCalendar();
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl grid-cols-[minmax(0,1fr)] px-3 sm:px-6">
        <DialogTitle className="pr-10">{fill(t.operatorCalendarTitle, { name: operator.name })}</DialogTitle>
        <DialogDescription>{t.operatorCalendarDescription}</DialogDescription>
        <QueryView query={calendar} pending={<LoadingBlocks count={3} className="h-16" />}>
          {(data) => (
            <>
              <OperatorHoursForm operator={operator} calendar={data} />
              <AbsencesPart operator={operator} calendar={data} />
            </>
          )}
        </QueryView>
      </DialogContent>
    </Dialog>
  );
}

function OperatorHoursForm({ operator, calendar }: { operator: Operator; calendar: BookingCalendar }) {
  const own = calendar.operator_hours.filter((range) => range.operator_id === operator.id);
  const salon = effectiveOpeningHours(calendar.opening_hours);
  const form = useForm<{ followsSalon: boolean; days: DayDraft[] }, unknown, WeeklyRange[]>({
    resolver: zodResolver(operatorHoursFormSchema),
    defaultValues: { followsSalon: own.length === 0, days: toDayDrafts(own, salon) },
  });
  const { errors, isSubmitting } = form.formState;
  const followsSalon = useWatch({ control: form.control, name: 'followsSalon' });
  const save = useSetOperatorHours();

  const onSubmit = form.handleSubmit(async (hours) => {
    try {
      notify.success((await save.mutateAsync({ operatorId: operator.id, hours })).message, 'long');
    } catch (error) {
      form.setError('root.server', { message: errorMessage(error) });
    }
  });

  return (
    <form
      noValidate
      aria-label={t.operatorHours}
      onSubmit={onSubmit}
      className="grid grid-cols-[minmax(0,1fr)] gap-3"
    >
      <h3 className="font-sans text-lg font-semibold">{t.operatorHours}</h3>
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" className="size-5 accent-primary" {...form.register('followsSalon')} />
        <span>{t.followsSalon}</span>
      </label>
      {followsSalon ? null : (
        <Controller
          control={form.control}
          name="days"
          render={({ field }) => <WeeklyHoursEditor days={field.value} onChange={field.onChange} />}
        />
      )}
      <p role="alert" className="font-medium text-destructive empty:hidden">
        {errors.days?.message ?? errors.root?.server?.message ?? ''}
      </p>
      <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? t.saving : t.saveHours}
      </Button>
    </form>
  );
}

function AbsencesPart({ operator, calendar }: { operator: Operator; calendar: BookingCalendar }) {
  const absences = calendar.absences.filter((absence) => absence.operator_id === operator.id);
  const add = useAddOperatorAbsence();
  const remove = useDeleteOperatorAbsence();
  const form = useForm<AbsenceDraft>({
    resolver: zodResolver(absenceFormSchema),
    defaultValues: emptyAbsence,
  });
  const { errors, isSubmitting } = form.formState;

  const onAdd = form.handleSubmit(async ({ fromDay, toDay }) => {
    try {
      notify.success((await add.mutateAsync({ operatorId: operator.id, fromDay, toDay })).message, 'long');
      form.reset(emptyAbsence);
    } catch (error) {
      form.setError('root.server', { message: errorMessage(error) });
    }
  });

  const onRemove = async (absenceId: string) => {
    try {
      notify.success((await remove.mutateAsync(absenceId)).message, 'long');
    } catch (error) {
      notify.error(errorMessage(error), 'long');
    }
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3 border-t border-border pt-4">
      <h3 className="font-sans text-lg font-semibold">{t.absences}</h3>
      {absences.length === 0 ? (
        <p className="text-muted-foreground">{t.noAbsences}</p>
      ) : (
        <ul aria-label={t.absences} className="grid gap-2">
          {absences.map((absence) => {
            const range = fill(t.absenceRange, {
              from: formatDate(absence.from_day),
              to: formatDate(absence.to_day),
            });
            return (
              <li
                key={absence.id}
                className="flex items-center justify-between gap-2 rounded-xl border border-border py-1 pr-1 pl-4"
              >
                <span className="font-medium tabular-nums">{range}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={fill(t.removeAbsenceLabel, { range })}
                  disabled={remove.isPending}
                  onClick={() => void onRemove(absence.id)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form noValidate aria-label={t.addAbsence} onSubmit={onAdd} className="grid gap-3 sm:grid-cols-2">
        <FormField label={t.absenceFrom} error={errors.fromDay?.message}>
          {(control) => <Input {...control} type="date" required {...form.register('fromDay')} />}
        </FormField>
        <FormField label={t.absenceTo} error={errors.toDay?.message}>
          {(control) => <Input {...control} type="date" required {...form.register('toDay')} />}
        </FormField>
        <p role="alert" className="font-medium text-destructive empty:hidden sm:col-span-2">
          {errors.root?.server?.message ?? ''}
        </p>
        <Button type="submit" variant="outline" className="justify-self-start" disabled={isSubmitting}>
          {t.addAbsence}
        </Button>
      </form>
    </div>
  );
}
