import { Trash2 } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { useAddOperatorAbsence } from '@/features/booking-merchant/api/add-operator-absence';
import { useDeleteOperatorAbsence } from '@/features/booking-merchant/api/delete-operator-absence';
import type { BookingCalendar } from '@/features/booking-merchant/api/get-booking-calendar';
import type { Operator } from '@/features/booking-merchant/api/list-operators';
import { absenceFormSchema, type AbsenceDraft } from '@/features/booking-merchant/day-range-forms';
import { periodText } from '@/features/booking-merchant/closure-periods';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;

const emptyAbsence: AbsenceDraft = { fromDay: '', toDay: '' };

/** The operator's absences: the list to delete from, and a form for a new range of days. */
export function OperatorAbsences({ operator, calendar }: { operator: Operator; calendar: BookingCalendar }) {
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
            const range = periodText(absence.from_day, absence.to_day);
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
