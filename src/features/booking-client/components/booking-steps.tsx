import { useState, type FormEvent } from 'react';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { EmptyState } from '@/components/empty-state';
import { Card, CardContent } from '@/components/ui/card';
import { notify } from '@/components/ui/toaster';
import { useBookReservation } from '@/features/booking-client/api/book-reservation';
import type { BookableTreatment } from '@/features/booking-client/api/list-bookable-treatments';
import { useBookingDays } from '@/features/booking-client/api/list-booking-days';
import { useFreeTimePeriods } from '@/features/booking-client/api/list-free-time-periods';
import { BookingSummary } from '@/features/booking-client/components/booking-summary';
import { DayStrip } from '@/features/booking-client/components/day-strip';
import { anyOperator, OperatorChoice } from '@/features/booking-client/components/operator-choice';
import { TimeChips } from '@/features/booking-client/components/time-chips';
import { TreatmentChoice } from '@/features/booking-client/components/treatment-choice';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { errorMessage } from '@/lib/api-error';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

interface Draft {
  treatmentId: string;
  operatorId: string;
  date: string;
  time: string;
}

const emptyDraft: Draft = { treatmentId: '', operatorId: '', date: '', time: '' };

/** Prenota's steps, each shown once the one before is chosen: treatment, operator, day, time; then the summary. */
export function BookingSteps({
  merchantSlug,
  treatments,
}: {
  merchantSlug: string;
  treatments: BookableTreatment[];
}) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const days = useBookingDays(merchantSlug);
  const operatorId = draft.operatorId === anyOperator ? null : draft.operatorId || null;
  const periods = useFreeTimePeriods({
    merchantSlug,
    treatmentId: draft.treatmentId,
    operatorId,
    date: draft.date,
  });
  const book = useBookReservation();
  const treatment = treatments.find((candidate) => candidate.id === draft.treatmentId);
  const operator = treatment?.operators.find((candidate) => candidate.id === draft.operatorId);
  // A time taken meanwhile (the list is live) is no longer chosen.
  const time = periods.data?.some((group) => group.times.includes(draft.time)) ? draft.time : '';

  const chooseTreatment = (treatmentId: string) => {
    const next = treatments.find((candidate) => candidate.id === treatmentId);
    const keepsOperator =
      draft.operatorId === anyOperator ||
      next?.operators.some((candidate) => candidate.id === draft.operatorId);
    setDraft({ ...draft, treatmentId, operatorId: keepsOperator ? draft.operatorId : '', time: '' });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!treatment || !draft.operatorId || !draft.date || !time) {
      notify.error(t.missing);
      return;
    }
    try {
      const booked = await book.mutateAsync({
        merchantSlug,
        treatmentId: treatment.id,
        operatorId,
        date: draft.date,
        time,
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
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start"
    >
      <Card>
        <CardContent className="grid gap-8 p-4 sm:p-6">
          {treatments.length === 0 ? (
            <EmptyState>{t.emptyTreatments}</EmptyState>
          ) : (
            <TreatmentChoice treatments={treatments} chosen={draft.treatmentId} onChoose={chooseTreatment} />
          )}
          {treatment ? (
            <OperatorChoice
              operators={treatment.operators}
              chosen={draft.operatorId}
              onChoose={(value) => setDraft({ ...draft, operatorId: value, time: '' })}
            />
          ) : null}
          {treatment && draft.operatorId ? (
            <QueryView query={days} pending={<LoadingBlocks count={1} className="h-20" />}>
              {(data) => (
                <DayStrip
                  days={data}
                  chosen={draft.date}
                  onChoose={(date) => setDraft({ ...draft, date, time: '' })}
                />
              )}
            </QueryView>
          ) : null}
          {treatment && draft.operatorId && draft.date ? (
            <TimeChips
              periods={periods}
              chosen={time}
              onChoose={(value) => setDraft({ ...draft, time: value })}
            />
          ) : null}
        </CardContent>
      </Card>
      <div className="lg:sticky lg:top-4">
        <BookingSummary
          pending={book.isPending}
          choice={{
            treatment,
            operatorName: draft.operatorId === anyOperator ? t.anyOperator : operator?.name,
            date: draft.date || undefined,
            time: time || undefined,
          }}
        />
      </div>
    </form>
  );
}
