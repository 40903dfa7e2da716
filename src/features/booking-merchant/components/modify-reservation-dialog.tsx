import { useState, type FormEvent } from 'react';
import { shortTime } from '@/components/booking/booking-dates';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { notify } from '@/components/ui/toaster';
import { useModifyReservation } from '@/features/booking-merchant/api/modify-reservation';
import { useFreeTimes } from '@/components/booking/free-times';
import { useMerchantProfile } from '@/features/booking-merchant/api/get-merchant-profile';
import type { MerchantReservation } from '@/features/booking-merchant/api/schemas';
import { TextArea } from '@/components/ui/text-area';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { todayInRome } from '@/lib/format';
import { fill } from '@/lib/texts';
import { maxLength } from '@/lib/input-limits';

const t = bookingMerchantTexts.prenotazioni;

/** Proposes another date and time with a note: the reservation becomes 'modificata'. */
export function ModifyReservationDialog({
  reservation,
  open,
  onOpenChange,
}: {
  reservation: MerchantReservation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [date, setDate] = useState(reservation.date);
  const [time, setTime] = useState(() => shortTime(reservation.time));
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const modify = useModifyReservation();
  // The same free times the customer's booking form shows: the operator's (or any operator's) free slots.
  const profile = useMerchantProfile();
  const freeTimes = useFreeTimes({
    merchantSlug: profile.data?.slug ?? '',
    treatmentId: profile.data && reservation.treatment_id ? reservation.treatment_id : undefined,
    operatorId: reservation.operator_id,
    date,
  });
  const times = freeTimes.data ?? [];
  const chosenTime = times.includes(time) ? time : '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!date || !chosenTime || !note.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    try {
      await modify.mutateAsync({ reservationId: reservation.id, date, time: chosenTime, note });
      notify.success(t.modified, 'long');
      onOpenChange(false);
    } catch (error) {
      notify.error(fill(bookingMerchantTexts.common.error, { message: errorMessage(error) }), 'long');
    }
  };

  const names = { client: reservation.client_name, treatment: reservation.treatment_name };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t.modifyTitle}</DialogTitle>
        <DialogDescription>{fill(t.modifyDescription, names)}</DialogDescription>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t.newDate}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  min={todayInRome()}
                  required
                  value={date}
                  onChange={(event) => setDate(event.target.value)}
                />
              )}
            </FormField>
            <FormField label={t.newTime}>
              {(control) => (
                <Select value={chosenTime} onValueChange={setTime}>
                  <SelectTrigger {...control}>
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
            </FormField>
          </div>
          <FormField label={t.note} hint={t.noteHint}>
            {(control) => (
              <TextArea
                maxLength={maxLength.note}
                {...control}
                required
                value={note}
                onChange={(event) => {
                  setNote(event.target.value);
                  setMissing(false);
                }}
              />
            )}
          </FormField>
          <p role="alert" className="font-medium text-destructive empty:hidden">
            {missing ? t.modifyMissing : ''}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">{bookingMerchantTexts.common.cancel}</Button>
            </DialogClose>
            <Button type="submit" disabled={modify.isPending}>
              {t.modifySubmit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
