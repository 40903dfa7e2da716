import { useState, type FormEvent } from 'react';
import { shortTime } from '@/components/booking/booking-dates';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { notify } from '@/components/ui/toaster';
import { useModifyReservation } from '@/features/booking-merchant/api/modify-reservation';
import type { MerchantReservation } from '@/features/booking-merchant/api/schemas';
import { bookingTimes } from '@/features/booking-merchant/agenda';
import { TextArea } from '@/features/booking-merchant/components/text-area';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { todayInRome } from '@/lib/format';
import { fill } from '@/lib/texts';
import { maxLength } from '@/lib/input-limits';

const t = bookingMerchantTexts.prenotazioni;
const times = bookingTimes();

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
  const [time, setTime] = useState(() => {
    const current = shortTime(reservation.time);
    return times.includes(current) ? current : '';
  });
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const modify = useModifyReservation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!date || !time || !note.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    try {
      await modify.mutateAsync({ reservationId: reservation.id, date, time, note });
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
                <Select value={time} onValueChange={setTime}>
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
