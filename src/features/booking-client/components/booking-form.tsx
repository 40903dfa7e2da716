import { useState, type FormEvent } from 'react';
import { dateWithWeekday } from '@/components/booking/booking-dates';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { notify } from '@/components/ui/toaster';
import { useBookReservation } from '@/features/booking-client/api/book-reservation';
import type { BookableTreatment } from '@/features/booking-client/api/list-bookable-treatments';
import { useBookingDates } from '@/features/booking-client/api/list-booking-dates';
import { useFreeTimes } from '@/components/booking/free-times';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { errorMessage } from '@/lib/api-error';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

/** Radix Select has no empty item: this value stands for 'Nessuna preferenza'. */
const anyOperator = 'nessuna-preferenza';

interface Draft {
  treatmentId: string;
  operatorId: string;
  date: string;
  time: string;
}

const emptyDraft: Draft = { treatmentId: '', operatorId: anyOperator, date: '', time: '' };

/** Treatment, operator, date and free time, then 'Prenota'. */
export function BookingForm({
  merchantSlug,
  treatments,
}: {
  merchantSlug: string;
  treatments: BookableTreatment[];
}) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const dates = useBookingDates(merchantSlug);
  const operatorId = draft.operatorId === anyOperator ? null : draft.operatorId;
  const times = useFreeTimes({ merchantSlug, treatmentId: draft.treatmentId, operatorId, date: draft.date });
  const book = useBookReservation();
  const treatment = treatments.find((candidate) => candidate.id === draft.treatmentId);
  const freeTimes = times.data ?? [];

  const timePlaceholder =
    !draft.treatmentId || !draft.date
      ? t.chooseFirst
      : times.isPending
        ? t.loadingTimes
        : freeTimes.length === 0
          ? t.noTimes
          : t.chooseTime;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.treatmentId || !draft.date || !draft.time || !freeTimes.includes(draft.time)) {
      notify.error(t.missing);
      return;
    }
    try {
      const booked = await book.mutateAsync({
        merchantSlug,
        treatmentId: draft.treatmentId,
        operatorId,
        date: draft.date,
        time: draft.time,
      });
      notify.success(booked.message || t.saved);
      setDraft(emptyDraft);
    } catch (error) {
      notify.error(fill(t.bookError, { message: errorMessage(error) }));
    }
  };

  return (
    <form
      noValidate
      aria-label={t.form}
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-5 sm:grid-cols-2"
    >
      <FormField label={t.treatment}>
        {(control) => (
          <Select
            value={draft.treatmentId}
            onValueChange={(treatmentId) => {
              const next = treatments.find((candidate) => candidate.id === treatmentId);
              const keepsOperator = next?.operators.some((operator) => operator.id === draft.operatorId);
              setDraft({
                ...draft,
                treatmentId,
                operatorId: keepsOperator ? draft.operatorId : anyOperator,
                time: '',
              });
            }}
          >
            <SelectTrigger {...control}>
              <SelectValue placeholder={t.chooseTreatment} />
            </SelectTrigger>
            <SelectContent>
              {treatments.map((candidate) => (
                <SelectItem key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField label={t.operator}>
        {(control) => (
          <Select
            value={draft.operatorId}
            onValueChange={(value) => setDraft({ ...draft, operatorId: value, time: '' })}
          >
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={anyOperator}>{t.noPreference}</SelectItem>
              {(treatment?.operators ?? []).map((operator) => (
                <SelectItem key={operator.id} value={operator.id}>
                  {operator.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField label={t.date}>
        {(control) => (
          <Select value={draft.date} onValueChange={(date) => setDraft({ ...draft, date, time: '' })}>
            <SelectTrigger {...control} disabled={!dates.data}>
              <SelectValue placeholder={t.chooseDate} />
            </SelectTrigger>
            <SelectContent>
              {(dates.data ?? []).map((date) => (
                <SelectItem key={date} value={date}>
                  {dateWithWeekday(date)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField label={t.time}>
        {(control) => (
          <Select value={draft.time} onValueChange={(time) => setDraft({ ...draft, time })}>
            <SelectTrigger {...control} disabled={freeTimes.length === 0}>
              <SelectValue placeholder={timePlaceholder} />
            </SelectTrigger>
            <SelectContent>
              {freeTimes.map((time) => (
                <SelectItem key={time} value={time}>
                  {time}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={book.isPending}>
          {book.isPending ? t.submitting : t.submit}
        </Button>
      </div>
    </form>
  );
}
