import { BellRing } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { dateWithWeekday } from '@/components/booking/booking-dates';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { notify } from '@/components/ui/toaster';
import {
  useJoinWaitlist,
  waitlistPeriods,
  type WaitlistChannels,
} from '@/features/booking-client/api/join-waitlist';
import type { BookingDay } from '@/features/booking-client/api/list-booking-days';
import { ChoiceOption } from '@/features/booking-client/components/choice-option';
import { waitlistTexts } from '@/features/booking-client/waitlist-texts';
import { ApiError, errorMessage } from '@/lib/api-error';
import { fill } from '@/lib/texts';

const t = waitlistTexts;

type Period = (typeof waitlistPeriods)[number];

/** Which of the confirmation's sentences says how a freed slot will reach her. */
function joinedBy({ email, push }: WaitlistChannels): keyof typeof t.joinedHelp {
  if (email && push) return 'both';
  if (email) return 'email';
  return push ? 'push' : 'app';
}

/** 'Avvisami se si libera un posto': the days and the part of the day she would come, then 'Sei in lista d'attesa'. */
export function WaitlistJoinDialog({
  merchantSlug,
  treatment,
  operatorId,
  day,
  days,
  onUnconfirmed,
}: {
  merchantSlug: string;
  treatment: { id: string; name: string };
  /** null: any operator who performs the treatment. */
  operatorId: string | null;
  /** The day chosen in Prenota, the range's first day to start with. */
  day: string;
  days: BookingDay[];
  /** The database's explanation when her address is not confirmed yet. */
  onUnconfirmed: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [fromDay, setFromDay] = useState(day);
  const [toDay, setToDay] = useState(day);
  const [period, setPeriod] = useState<Period>('Mattina');
  /** Set once she is on the list: how a freed slot will reach her besides the app. */
  const [joined, setJoined] = useState<WaitlistChannels | null>(null);
  const join = useJoinWaitlist();
  const openDays = days.filter((option) => !option.closed);

  const reopen = (isOpen: boolean) => {
    if (isOpen) {
      setFromDay(day);
      setToDay(day);
      setJoined(null);
    }
    setOpen(isOpen);
  };

  const submit = async (event: FormEvent) => {
    // The dialog sits inside Prenota's form in React's tree: its submit stays its own.
    event.preventDefault();
    event.stopPropagation();
    try {
      const answer = await join.mutateAsync({
        merchantSlug,
        treatmentId: treatment.id,
        operatorId,
        fromDay,
        toDay,
        period,
      });
      setJoined(answer.channels);
    } catch (error) {
      const refusal = ApiError.from(error);
      if (refusal.hint === 'email_unconfirmed') {
        setOpen(false);
        onUnconfirmed(refusal.message);
      } else notify.error(fill(t.error, { message: errorMessage(error) }));
    }
  };

  const daySelect = (label: string, value: string, onChange: (next: string) => void) => (
    <FormField label={label}>
      {(control) => (
        <Select value={value} onValueChange={onChange}>
          <SelectTrigger {...control}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {openDays.map((option) => (
              <SelectItem key={option.date} value={option.date}>
                {dateWithWeekday(option.date)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={reopen}>
      <Button variant="outline" className="justify-self-start" onClick={() => reopen(true)}>
        <BellRing aria-hidden="true" />
        {t.join}
      </Button>
      <DialogContent>
        {joined ? (
          <>
            <DialogTitle>{t.joined}</DialogTitle>
            <DialogDescription>{t.joinedHelp[joinedBy(joined)]}</DialogDescription>
          </>
        ) : (
          <form
            noValidate
            aria-label={t.joinTitle}
            onSubmit={(event) => void submit(event)}
            className="grid gap-4"
          >
            <DialogTitle>{t.joinTitle}</DialogTitle>
            <DialogDescription>{fill(t.joinDescription, { treatment: treatment.name })}</DialogDescription>
            <div className="grid gap-4 sm:grid-cols-2">
              {daySelect(t.fromDay, fromDay, setFromDay)}
              {daySelect(t.toDay, toDay, setToDay)}
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-2 font-medium">{t.period}</legend>
              <div className="flex flex-wrap gap-2">
                {waitlistPeriods.map((option) => (
                  <ChoiceOption
                    key={option}
                    name="waitlist-period"
                    value={option}
                    checked={period === option}
                    onChoose={() => setPeriod(option)}
                    className="items-center justify-center rounded-full px-4 font-medium"
                  >
                    {t.periods[option]}
                  </ChoiceOption>
                ))}
              </div>
            </fieldset>
            <Button type="submit" className="justify-self-end" disabled={join.isPending}>
              {join.isPending ? t.submitting : t.submit}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
