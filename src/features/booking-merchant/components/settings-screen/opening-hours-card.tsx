import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { notify } from '@/components/ui/toaster';
import { useBookingCalendar } from '@/features/booking-merchant/api/get-booking-calendar';
import { useSetOpeningHours } from '@/features/booking-merchant/api/set-opening-hours';
import { WeeklyHoursEditor } from '@/features/booking-merchant/components/settings-screen/weekly-hours-editor';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import {
  openingHoursFormSchema,
  toDayDrafts,
  type DayDraft,
  type WeeklyRange,
} from '@/features/booking-merchant/weekly-hours';
import { errorMessage } from '@/lib/api-error';

const t = bookingMerchantTexts.impostazioni;

/** The salon's weekly opening hours: per weekday open or closed, one or more ranges. */
export function OpeningHoursCard() {
  const calendar = useBookingCalendar();
  return (
    <section aria-labelledby="opening-hours-title">
      <Card>
        <CardHeader>
          <CardTitle id="opening-hours-title">{t.openingHours}</CardTitle>
          <CardDescription>{t.openingHoursLead}</CardDescription>
        </CardHeader>
        <CardContent className="px-3 sm:px-6">
          <QueryView query={calendar} pending={<LoadingBlocks count={3} className="h-16" />}>
            {(data) => <OpeningHoursForm stored={data.opening_hours} />}
          </QueryView>
        </CardContent>
      </Card>
    </section>
  );
}

function OpeningHoursForm({ stored }: { stored: WeeklyRange[] }) {
  const form = useForm<{ days: DayDraft[] }, unknown, WeeklyRange[]>({
    resolver: zodResolver(openingHoursFormSchema),
    defaultValues: { days: toDayDrafts(stored) },
  });
  const { errors, isSubmitting } = form.formState;
  const save = useSetOpeningHours();

  const onSubmit = form.handleSubmit(async (hours) => {
    try {
      notify.success((await save.mutateAsync(hours)).message, 'long');
    } catch (error) {
      form.setError('root.server', { message: errorMessage(error) });
    }
  });

  return (
    <form noValidate aria-label={t.openingHours} onSubmit={onSubmit} className="grid gap-4">
      <Controller
        control={form.control}
        name="days"
        render={({ field }) => <WeeklyHoursEditor days={field.value} onChange={field.onChange} />}
      />
      <p role="alert" className="font-medium text-destructive empty:hidden">
        {errors.days?.message ?? errors.root?.server?.message ?? ''}
      </p>
      <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? t.saving : t.saveHours}
      </Button>
    </form>
  );
}
