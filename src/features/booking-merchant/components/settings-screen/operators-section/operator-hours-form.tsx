import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import type { BookingCalendar } from '@/features/booking-merchant/api/get-booking-calendar';
import type { Operator } from '@/features/booking-merchant/api/list-operators';
import { useSetOperatorHours } from '@/features/booking-merchant/api/set-operator-hours';
import { WeeklyHoursEditor } from '@/features/booking-merchant/components/settings-screen/weekly-hours-editor';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import {
  effectiveOpeningHours,
  operatorHoursFormSchema,
  toDayDrafts,
  type DayDraft,
  type WeeklyRange,
} from '@/features/booking-merchant/weekly-hours';
import { errorMessage } from '@/lib/api-error';

const t = bookingMerchantTexts.impostazioni;

/** The operator's weekly hours: the salon's, or their own per day. */
export function OperatorHoursForm({ operator, calendar }: { operator: Operator; calendar: BookingCalendar }) {
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
