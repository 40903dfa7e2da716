import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { EmptyState } from '@/components/empty-state';
import { Card, CardContent } from '@/components/ui/card';
import { notify } from '@/components/ui/toaster';
import { useBookReservation } from '@/features/booking-client/api/book-reservation';
import { useBookVisit } from '@/features/booking-client/api/book-visit';
import { useFirstFreeDay } from '@/features/booking-client/api/get-first-free-day';
import type { BookableTreatment } from '@/features/booking-client/api/list-bookable-treatments';
import { useBookingDays } from '@/features/booking-client/api/list-booking-days';
import { useFreeTimePeriods } from '@/features/booking-client/api/list-free-time-periods';
import { useVisitFreeTimes, useVisitSchedule, type VisitPart } from '@/components/booking/visit-free-times';
import { AddedVisitParts, type AddedPart } from '@/features/booking-client/components/added-visit-parts';
import { AddressConfirmationNotice } from '@/features/booking-client/components/address-confirmation-notice';
import { BookingSummary } from '@/features/booking-client/components/booking-summary';
import { DayStrip } from '@/features/booking-client/components/day-strip';
import { anyOperator, OperatorChoice } from '@/features/booking-client/components/operator-choice';
import { TimeChips } from '@/features/booking-client/components/time-chips';
import { TreatmentChoice } from '@/features/booking-client/components/treatment-choice';
import { WaitlistJoinDialog } from '@/features/booking-client/components/waitlist-join-dialog';
import { useBookingAddress } from '@/features/booking-client/hooks/use-booking-address';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { ApiError, errorMessage } from '@/lib/api-error';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

/** Every step chosen; what is missing is said once, as the steps show where. */
const bookingFormSchema = z.object({
  treatmentId: z.string().check(z.minLength(1, t.missing)),
  operatorId: z.string().check(z.minLength(1, t.missing)),
  date: z.string().check(z.minLength(1, t.missing)),
  time: z.string().check(z.minLength(1, t.missing)),
});
type Draft = z.input<typeof bookingFormSchema>;

const emptyDraft: Draft = { treatmentId: '', operatorId: '', date: '', time: '' };

/** A chosen operator as the database reads it: null for no preference. */
const operatorOrNone = (operatorId: string) => (operatorId === anyOperator ? null : operatorId);

/**
 * Prenota's steps, each shown once the one before is chosen: treatment, operator, day, time; then the summary.
 * 'Aggiungi un altro trattamento' makes it a visit of 2 to 4 treatments in sequence (kept on this screen only),
 * whose times and booking are the visit's.
 * The choices live in the address; one no longer valid (a treatment withdrawn, a past day, a taken time)
 * leaves the step before it open, without an error.
 */
export function BookingSteps({
  merchantSlug,
  treatments,
}: {
  merchantSlug: string;
  treatments: BookableTreatment[];
}) {
  const address = useBookingAddress();
  const days = useBookingDays(merchantSlug);
  const treatment = treatments.find((candidate) => candidate.id === address.choice.treatmentId);
  const operator = treatment?.operators.find((candidate) => candidate.id === address.choice.operatorId);
  const operatorChosen = Boolean(treatment && (operator || address.choice.operatorId === anyOperator));
  // 'Prenota di nuovo' whose treatment or operator is gone opens at the first step and says why.
  const rebookLost = address.rebook && !operatorChosen;
  const openDays = days.data?.filter((day) => !day.closed).map((day) => day.date) ?? [];
  const operatorId = operatorChosen ? operatorOrNone(address.choice.operatorId) : null;
  const [addedParts, setAddedParts] = useState<AddedPart[]>([]);
  // 'Prenota di nuovo' of a visit adds its other treatments once, when it opens Prenota.
  const [rebookTaken, setRebookTaken] = useState('');
  if (address.rebookKey && address.rebookKey !== rebookTaken) {
    setRebookTaken(address.rebookKey);
    setAddedParts(address.rebookParts);
  }
  const isVisit = operatorChosen && addedParts.length > 0;
  const partsChosen = addedParts.every((part) => part.treatmentId && part.operatorId);
  const visitParts: VisitPart[] =
    treatment && isVisit && partsChosen
      ? [
          { treatmentId: treatment.id, operatorId },
          ...addedParts.map((part) => ({
            treatmentId: part.treatmentId,
            operatorId: operatorOrNone(part.operatorId),
          })),
        ]
      : [];
  const stepsChosen = operatorChosen && (!isVisit || partsChosen);
  // A rebooking without a day yet starts on the first day with a free time (the first open one if none has).
  const firstFree = useFirstFreeDay({
    merchantSlug,
    treatmentId: treatment?.id ?? '',
    operatorId,
    enabled: address.rebook && operatorChosen && !address.choice.date,
  });
  const rebookDate = firstFree.isSuccess ? (firstFree.data ?? openDays[0] ?? '') : '';
  const wantedDate = address.choice.date || (address.rebook ? rebookDate : '');
  const date = stepsChosen && openDays.includes(wantedDate) ? wantedDate : '';
  const singlePeriods = useFreeTimePeriods({
    merchantSlug,
    treatmentId: operatorChosen && !isVisit ? address.choice.treatmentId : '',
    operatorId,
    date,
  });
  const visitPeriods = useVisitFreeTimes({ merchantSlug, parts: visitParts, date }, t.visitTimes);
  const periods = isVisit ? visitPeriods : singlePeriods;
  // A time taken meanwhile (the list is live) is no longer chosen.
  const time =
    date && periods.data?.some((group) => group.times.includes(address.choice.time))
      ? address.choice.time
      : '';
  const visitSchedule = useVisitSchedule({ merchantSlug, parts: visitParts, date }, time);
  const draft: Draft = {
    treatmentId: treatment ? treatment.id : '',
    operatorId: operatorChosen ? address.choice.operatorId : '',
    date,
    time,
  };
  const form = useForm<Draft>({ resolver: zodResolver(bookingFormSchema), values: draft });
  const setDraft = (next: Draft) => address.choose(next);
  const book = useBookReservation();
  const bookVisit = useBookVisit();
  // The database's explanation when the address is not confirmed yet (hint email_unconfirmed).
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);

  const chooseTreatment = (nextId: string) => {
    const next = treatments.find((candidate) => candidate.id === nextId);
    const keepsOperator =
      draft.operatorId === anyOperator ||
      next?.operators.some((candidate) => candidate.id === draft.operatorId);
    setDraft({ ...draft, treatmentId: nextId, operatorId: keepsOperator ? draft.operatorId : '', time: '' });
    // Each treatment once in a visit: an added part that was this one is chosen again.
    setAddedParts(
      addedParts.map((part) => (part.treatmentId === nextId ? { ...part, treatmentId: '' } : part)),
    );
  };

  const submit = form.handleSubmit(
    async (chosen) => {
      try {
        const booked = isVisit
          ? await bookVisit.mutateAsync({
              merchantSlug,
              parts: visitParts,
              date: chosen.date,
              time: chosen.time,
            })
          : await book.mutateAsync({
              merchantSlug,
              treatmentId: chosen.treatmentId,
              operatorId,
              date: chosen.date,
              time: chosen.time,
            });
        notify.success(booked.message || t.saved);
        setAddedParts([]);
        address.choose(emptyDraft, { replace: true });
      } catch (error) {
        const refusal = ApiError.from(error);
        if (refusal.hint === 'email_unconfirmed') setUnconfirmed(refusal.message);
        else notify.error(fill(t.bookError, { message: errorMessage(error) }));
      }
    },
    () => notify.error(t.missing),
  );
  const onSubmit = (event: FormEvent) => {
    // Only a time still free counts as chosen.
    form.setValue('time', time);
    void submit(event);
  };

  return (
    <form
      noValidate
      aria-label={t.form}
      onSubmit={onSubmit}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start"
    >
      {rebookLost ? (
        <p role="status" className="rounded-lg bg-muted p-3 lg:col-span-2">
          {t.rebookLost}
        </p>
      ) : null}
      {unconfirmed ? (
        <div className="lg:col-span-2">
          <AddressConfirmationNotice merchantSlug={merchantSlug} message={unconfirmed} />
        </div>
      ) : null}
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
            <AddedVisitParts
              treatments={treatments}
              firstTreatmentId={treatment.id}
              parts={addedParts}
              onChange={(parts) => {
                setAddedParts(parts);
                if (draft.time) setDraft({ ...draft, time: '' });
              }}
            />
          ) : null}
          {treatment && draft.operatorId && stepsChosen ? (
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
          {treatment && stepsChosen && draft.date ? (
            <TimeChips
              periods={periods}
              chosen={time}
              onChoose={(value) => setDraft({ ...draft, time: value })}
            />
          ) : null}
          {treatment && draft.operatorId && draft.date && !isVisit ? (
            <WaitlistJoinDialog
              merchantSlug={merchantSlug}
              treatment={treatment}
              operatorId={operatorId}
              day={draft.date}
              days={days.data ?? []}
              onUnconfirmed={setUnconfirmed}
            />
          ) : null}
        </CardContent>
      </Card>
      <div className="lg:sticky lg:top-4">
        <BookingSummary
          // isSubmitting holds from the tap itself; isPending only once the call starts, after a second tap.
          pending={form.formState.isSubmitting || book.isPending || bookVisit.isPending}
          choice={{
            treatment,
            operatorName: draft.operatorId === anyOperator ? t.anyOperator : operator?.name,
            date: draft.date || undefined,
            time: time || undefined,
            schedule: isVisit ? visitSchedule : undefined,
            visit: isVisit
              ? [
                  {
                    treatment,
                    operatorName: draft.operatorId === anyOperator ? t.noPreference : operator?.name,
                  },
                  ...addedParts.map((part) => {
                    const added = treatments.find((candidate) => candidate.id === part.treatmentId);
                    return {
                      treatment: added,
                      operatorName:
                        part.operatorId === anyOperator
                          ? t.noPreference
                          : added?.operators.find((candidate) => candidate.id === part.operatorId)?.name,
                    };
                  }),
                ]
              : undefined,
          }}
        />
      </div>
    </form>
  );
}
