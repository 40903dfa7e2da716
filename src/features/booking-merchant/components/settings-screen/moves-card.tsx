import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { notify } from '@/components/ui/toaster';
import { useBookingSettings } from '@/features/booking-merchant/api/get-booking-settings';
import { useSetMovesConfirmedAtOnce } from '@/features/booking-merchant/api/set-moves-confirmed-at-once';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';

const t = bookingMerchantTexts.impostazioni;

/** Whether the customers' moves wait for the salon's answer (the default) or are confirmed at once. */
export function MovesCard() {
  const settings = useBookingSettings();
  return (
    <section aria-labelledby="moves-title">
      <Card>
        <CardHeader>
          <CardTitle id="moves-title">{t.moves}</CardTitle>
          <CardDescription>{t.movesLead}</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryView query={settings} pending={<LoadingBlocks count={1} className="h-12" />}>
            {(data) => <MovesForm atOnce={data.moves_confirmed_at_once} />}
          </QueryView>
        </CardContent>
      </Card>
    </section>
  );
}

function MovesForm({ atOnce }: { atOnce: boolean }) {
  const form = useForm({ defaultValues: { atOnce } });
  const { isSubmitting } = form.formState;
  const save = useSetMovesConfirmedAtOnce();

  const onSubmit = form.handleSubmit(async (choice) => {
    try {
      notify.success((await save.mutateAsync(choice.atOnce)).message);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  });

  return (
    <form noValidate aria-label={t.moves} onSubmit={onSubmit} className="grid gap-4">
      <CheckboxField label={t.movesAtOnce} {...form.register('atOnce')} />
      <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? t.saving : t.saveMoves}
      </Button>
    </form>
  );
}
