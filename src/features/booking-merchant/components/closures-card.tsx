import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { useBookingCalendar } from '@/features/booking-merchant/api/get-booking-calendar';
import { useSetSalonClosure } from '@/features/booking-merchant/api/set-salon-closure';
import { LoadError, LoadingBlocks } from '@/features/booking-merchant/components/query-states';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;

/** Days the salon is closed: a date to add and the list, each with its delete button. */
export function ClosuresCard() {
  const calendar = useBookingCalendar();
  const closure = useSetSalonClosure();
  const [day, setDay] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    if (!day) {
      setProblem(t.closureMissing);
      return;
    }
    setProblem(undefined);
    try {
      notify.success((await closure.mutateAsync({ day, closed: true })).message, 'long');
      setDay('');
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
            className="flex flex-wrap items-end gap-3"
          >
            <FormField label={t.closureDay} error={problem} className="min-w-0 flex-1 basis-48">
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  required
                  value={day}
                  onChange={(event) => setDay(event.target.value)}
                />
              )}
            </FormField>
            <Button type="submit" disabled={closure.isPending}>
              {t.addClosure}
            </Button>
          </form>
          {calendar.isPending ? (
            <LoadingBlocks count={1} className="h-12" />
          ) : calendar.isError ? (
            <LoadError error={calendar.error} onRetry={() => void calendar.refetch()} />
          ) : calendar.data.closures.length === 0 ? (
            <EmptyState>{t.noClosures}</EmptyState>
          ) : (
            <ul aria-label={t.closures} className="grid gap-2 sm:grid-cols-2">
              {calendar.data.closures.map((closed) => (
                <li
                  key={closed}
                  className="flex items-center justify-between gap-2 rounded-xl border border-border py-1 pr-1 pl-4"
                >
                  <span className="font-medium tabular-nums">{formatDate(closed)}</span>
                  <Button
                    variant="ghost"
                    size="icon"
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
        </CardContent>
      </Card>
    </section>
  );
}
