import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { shortTime } from '@/components/booking/booking-dates';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { notify } from '@/components/ui/toaster';
import { useModifyReservation } from '@/features/booking-merchant/api/modify-reservation';
import { useVisitFreeTimes, useVisitSchedule } from '@/components/booking/visit-free-times';
import { useFreeTimes } from '@/components/booking/free-times';
import { useMerchantProfile } from '@/features/booking-merchant/api/get-merchant-profile';
import type { ReservationRow } from '@/components/booking/reservation-row';
import { TextArea } from '@/components/ui/text-area';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { todayInRome } from '@/lib/format';
import { fill, texts } from '@/lib/texts';
import { maxLength } from '@/lib/input-limits';
import { requiredText } from '@/lib/input-rules';

const t = bookingMerchantTexts.prenotazioni;

const visitPart = (part: ReservationRow) => ({
  treatmentId: part.treatment_id ?? '',
  operatorId: part.operator_id,
});

const modifyFormSchema = z.object({
  date: z.string().check(z.minLength(1, t.modifyDateMissing)),
  time: z.string().check(z.minLength(1, t.modifyTimeMissing)),
  note: requiredText(t.modifyNoteMissing, maxLength.note, texts.validation.noteTooLong),
});
type ModifyForm = z.input<typeof modifyFormSchema>;

/**
 * Proposes another date and time with a note: the reservation becomes 'modificata'. For a visit (its first
 * part given, with its parts), a new start where the whole visit fits, each part's new time listed.
 */
export function ModifyReservationDialog({
  reservation,
  visitParts,
  open,
  onOpenChange,
}: {
  reservation: ReservationRow;
  visitParts?: ReservationRow[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<ModifyForm>({
    resolver: zodResolver(modifyFormSchema),
    defaultValues: { date: reservation.date, time: shortTime(reservation.time), note: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // Something left out is said once for the whole form too, as before the fields' own messages.
  const incomplete = Boolean(errors.date ?? errors.time) || errors.note?.message === t.modifyNoteMissing;
  const date = useWatch({ control: form.control, name: 'date' });
  const modify = useModifyReservation();
  // The same free times the customer's booking form shows: the operator's (or any operator's) free slots.
  const profile = useMerchantProfile();
  const merchantSlug = profile.data?.slug ?? '';
  const freeTimes = useFreeTimes({
    merchantSlug,
    treatmentId:
      profile.data && reservation.treatment_id && !visitParts ? reservation.treatment_id : undefined,
    operatorId: reservation.operator_id,
    date,
  });
  const visitInput = {
    merchantSlug,
    parts: profile.data && visitParts ? visitParts.map(visitPart) : [],
    date,
  };
  const visitFreeTimes = useVisitFreeTimes(visitInput, '');
  const times = (visitParts ? visitFreeTimes.data?.[0]?.times : freeTimes.data) ?? [];
  const time = useWatch({ control: form.control, name: 'time' });
  // Each part's start at the chosen time, as the database schedules the visit (none before a choice).
  const newStarts = useVisitSchedule(visitInput, times.includes(time) ? time : '')?.starts ?? [];

  const onSubmit = form.handleSubmit(async ({ date: day, time, note }) => {
    // A time chosen for another day, or taken since, is no choice.
    if (!times.includes(time)) {
      form.setError('time', { message: t.modifyTimeMissing });
      return;
    }
    try {
      await modify.mutateAsync({ reservationId: reservation.id, date: day, time, note });
      notify.success(t.modified, 'long');
      onOpenChange(false);
    } catch (error) {
      notify.error(fill(bookingMerchantTexts.common.error, { message: errorMessage(error) }), 'long');
    }
  });

  const names = {
    client: reservation.client_name,
    treatment: (visitParts ?? [reservation]).map((part) => part.treatment_name).join(', '),
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t.modifyTitle}</DialogTitle>
        <DialogDescription>{fill(t.modifyDescription, names)}</DialogDescription>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t.newDate} error={errors.date?.message}>
              {(control) => (
                <Input {...control} type="date" min={todayInRome()} required {...form.register('date')} />
              )}
            </FormField>
            <FormField label={t.newTime} error={errors.time?.message}>
              {(control) => (
                <Controller
                  control={form.control}
                  name="time"
                  render={({ field }) => (
                    <Select
                      value={times.includes(field.value) ? field.value : ''}
                      onValueChange={field.onChange}
                    >
                      <SelectTrigger {...control} ref={field.ref}>
                        <SelectValue placeholder={t.chooseTime} />
                      </SelectTrigger>
                      <SelectContent>
                        {times.map((option) => (
                          <SelectItem key={option} value={option}>
                            {option}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </FormField>
          </div>
          {visitParts ? (
            <ol aria-label={t.modifyVisitParts} className="grid gap-1">
              {visitParts.map((part, index) => (
                <li key={part.id} className="font-medium">
                  {fill(t.modifyVisitPart, {
                    treatment: part.treatment_name,
                    time: newStarts[index] ?? t.modifyVisitPartPending,
                  })}
                </li>
              ))}
            </ol>
          ) : null}
          <FormField label={t.note} hint={t.noteHint} error={errors.note?.message}>
            {(control) => (
              <TextArea maxLength={maxLength.note} {...control} required {...form.register('note')} />
            )}
          </FormField>
          <p role="alert" className="font-medium text-destructive empty:hidden">
            {incomplete ? t.modifyMissing : ''}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">{bookingMerchantTexts.common.cancel}</Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {t.modifySubmit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
