import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { useAddOperatorAbsence } from '@/features/booking-merchant/api/add-operator-absence';
import { useDeleteOperatorAbsence } from '@/features/booking-merchant/api/delete-operator-absence';
import {
  useBookingCalendar,
  type BookingCalendar,
} from '@/features/booking-merchant/api/get-booking-calendar';
import type { Operator } from '@/features/booking-merchant/api/list-operators';
import { useSetOperatorHours } from '@/features/booking-merchant/api/set-operator-hours';
import { WeeklyHoursEditor } from '@/features/booking-merchant/components/weekly-hours-editor';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import {
  effectiveOpeningHours,
  rangesAreValid,
  toDayDrafts,
  toWeeklyRanges,
  type DayDraft,
} from '@/features/booking-merchant/weekly-hours';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;

/** One operator's weekly hours (or the salon's) and absences, from the operator's card. */
export function OperatorCalendarDialog({ operator, onClose }: { operator: Operator; onClose: () => void }) {
  const calendar = useBookingCalendar();
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl grid-cols-[minmax(0,1fr)] px-3 sm:px-6">
        <DialogTitle className="pr-10">{fill(t.operatorCalendarTitle, { name: operator.name })}</DialogTitle>
        <DialogDescription>{t.operatorCalendarDescription}</DialogDescription>
        <QueryView query={calendar} pending={<LoadingBlocks count={3} className="h-16" />}>
          {(data) => (
            <>
              <OperatorHoursForm operator={operator} calendar={data} />
              <AbsencesPart operator={operator} calendar={data} />
            </>
          )}
        </QueryView>
      </DialogContent>
    </Dialog>
  );
}

function OperatorHoursForm({ operator, calendar }: { operator: Operator; calendar: BookingCalendar }) {
  const own = calendar.operator_hours.filter((range) => range.operator_id === operator.id);
  const salon = effectiveOpeningHours(calendar.opening_hours);
  const [followsSalon, setFollowsSalon] = useState(own.length === 0);
  const [days, setDays] = useState<DayDraft[]>(() => toDayDrafts(own, salon));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetOperatorHours();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const hours = followsSalon ? [] : toWeeklyRanges(days);
    if (!rangesAreValid(hours)) {
      setProblem(t.rangeOrder);
      return;
    }
    setProblem(null);
    try {
      notify.success((await save.mutateAsync({ operatorId: operator.id, hours })).message, 'long');
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <form
      noValidate
      aria-label={t.operatorHours}
      onSubmit={(event) => void onSubmit(event)}
      className="grid grid-cols-[minmax(0,1fr)] gap-3"
    >
      <h3 className="font-sans text-lg font-semibold">{t.operatorHours}</h3>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          className="size-5 accent-primary"
          checked={followsSalon}
          onChange={(event) => setFollowsSalon(event.target.checked)}
        />
        <span>{t.followsSalon}</span>
      </label>
      {followsSalon ? null : <WeeklyHoursEditor days={days} onChange={setDays} />}
      <p role="alert" className="font-medium text-destructive empty:hidden">
        {problem ?? ''}
      </p>
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending ? t.saving : t.saveHours}
      </Button>
    </form>
  );
}

function AbsencesPart({ operator, calendar }: { operator: Operator; calendar: BookingCalendar }) {
  const absences = calendar.absences.filter((absence) => absence.operator_id === operator.id);
  const add = useAddOperatorAbsence();
  const remove = useDeleteOperatorAbsence();
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    if (!fromDay || !toDay) {
      setProblem(t.absenceMissing);
      return;
    }
    setProblem(null);
    try {
      notify.success((await add.mutateAsync({ operatorId: operator.id, fromDay, toDay })).message, 'long');
      setFromDay('');
      setToDay('');
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

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
            const range = fill(t.absenceRange, {
              from: formatDate(absence.from_day),
              to: formatDate(absence.to_day),
            });
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
      <form
        noValidate
        aria-label={t.addAbsence}
        onSubmit={(event) => void onAdd(event)}
        className="grid gap-3 sm:grid-cols-2"
      >
        <FormField label={t.absenceFrom}>
          {(control) => (
            <Input
              {...control}
              type="date"
              required
              value={fromDay}
              onChange={(event) => setFromDay(event.target.value)}
            />
          )}
        </FormField>
        <FormField label={t.absenceTo}>
          {(control) => (
            <Input
              {...control}
              type="date"
              required
              value={toDay}
              onChange={(event) => setToDay(event.target.value)}
            />
          )}
        </FormField>
        <p role="alert" className="font-medium text-destructive empty:hidden sm:col-span-2">
          {problem ?? ''}
        </p>
        <Button type="submit" variant="outline" className="justify-self-start" disabled={add.isPending}>
          {t.addAbsence}
        </Button>
      </form>
    </div>
  );
}
