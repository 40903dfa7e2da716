import { BellRing } from 'lucide-react';
import type { Reminder } from '@/features/booking-merchant/api/salon-messages';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.messages;

/** Whether the appointment's reminder went out, on which channel, and why it did not. */
export function ReminderStatus({ reminder }: { reminder: Reminder }) {
  if (!reminder) return null;
  const failed = reminder.status === 'failed';
  return (
    <div className={failed ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
      <p className="flex items-start gap-2 font-medium">
        <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {fill(t.reminder, {
          hours: reminder.hours_before,
          channel: t.channels[reminder.channel] ?? reminder.channel,
          status: t.reminderStatus[reminder.status],
        })}
      </p>
      {reminder.error && reminder.status !== 'sent' ? (
        <p className="break-words ps-6">{fill(t.reason, { error: reminder.error })}</p>
      ) : null}
    </div>
  );
}
