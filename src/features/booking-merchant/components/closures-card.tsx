import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { useBookingCalendar } from '@/features/booking-merchant/api/get-booking-calendar';
import { useAddSalonClosure } from '@/features/booking-merchant/api/add-salon-closure';
import { useSetSalonClosure } from '@/features/booking-merchant/api/set-salon-closure';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { maxLength } from '@/lib/input-limits';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;

/** Days the salon is closed: a date to add and the list, each with its delete button. */
export function ClosuresCard() {
  const calendar = useBookingCalendar();
  const add = useAddSalonClosure();
  const closure = useSetSalonClosure();
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    if (!fromDay) {
      setProblem(t.closureMissing);
      return;
    }
    if (reason.trim().length > maxLength.closureReason) {
      setProblem(t.closureReasonTooLong);
      return;
    }
    setProblem(undefined);
    try {
      notify.success((await add.mutateAsync({ fromDay, toDay: toDay || null, reason })).message, 'long');
      setFromDay('');
      setToDay('');
      setReason('');
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const onRemove = async (closed: string) => {
    try {
      notify.success((await closure.mutateAsync({ day: closed, closed: false })).message, 'long');
    } catch (error) {
      notify.error(errorMessage(error), 'long');
    }
  };

  return (
    <section aria-labelledby="closures-title">
      <Card>
        <CardHeader>
          <CardTitle id="closures-title">{t.closures}</CardTitle>
          <CardDescription>{t.closuresLead}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <form
            noValidate
            aria-label={t.closures}
            onSubmit={(event) => void onAdd(event)}
            className="grid gap-3 sm:grid-cols-2"
          >
            <FormField label={t.closureDay}>
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
            <FormField label={t.closureLastDay}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={toDay}
                  onChange={(event) => setToDay(event.target.value)}
                />
              )}
            </FormField>
            <FormField label={t.closureReason} className="sm:col-span-2">
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  maxLength={maxLength.closureReason}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              )}
            </FormField>
            <p role="alert" className="font-medium text-destructive empty:hidden sm:col-span-2">
              {problem ?? ''}
            </p>
            <Button type="submit" className="justify-self-start" disabled={add.isPending}>
              {t.addClosure}
            </Button>
          </form>
          <QueryView
            query={calendar}
            pending={<LoadingBlocks count={1} className="h-12" />}
            isEmpty={(data) => data.closure_days.length === 0}
            empty={t.noClosures}
          >
            {(data) => (
              <ul aria-label={t.closures} className="grid gap-2 sm:grid-cols-2">
                {data.closure_days.map(({ day: closed, reason: why }) => (
                  <li
                    key={closed}
                    className="flex items-center justify-between gap-2 rounded-xl border border-border py-1 pr-1 pl-4"
                  >
                    <span className="min-w-0 break-words">
                      <span className="font-medium tabular-nums">{formatDate(closed)}</span>
                      {why ? <span className="text-muted-foreground"> · {why}</span> : null}
                    </span>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="shrink-0"
                      aria-label={fill(t.removeClosureLabel, { date: formatDate(closed) })}
                      disabled={closure.isPending}
                      onClick={() => void onRemove(closed)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
        </CardContent>
      </Card>
    </section>
  );
}
