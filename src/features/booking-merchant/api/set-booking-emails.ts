import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingSettingsQueryOptions } from '@/features/booking-merchant/api/get-booking-settings';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

interface BookingEmails {
  newRequestEmails: boolean;
  reminderEmails: boolean;
  secondReminderEmails: boolean;
}

/** Whether the salon is e-mailed each new request, and whether customers get the 24- and 2-hour reminders. */
export async function setBookingEmails(choice: BookingEmails): Promise<{ message: string }> {
  return messageSchema.parse(
    await callRpc('set_booking_emails', {
      new_request_emails: choice.newRequestEmails,
      reminder_emails: choice.reminderEmails,
      second_reminder_emails: choice.secondReminderEmails,
    }),
  );
}

/** The salon's address, shown in customers' e-mails and calendar files (empty removes it). */
async function setSalonAddress(address: string): Promise<{ message: string }> {
  return messageSchema.parse(await callRpc('set_salon_address', { address }));
}

function useSettingsMutation<Input>(mutationFn: (input: Input) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingSettingsQueryOptions().queryKey }),
  });
}

export const useSetBookingEmails = () => useSettingsMutation(setBookingEmails);
export const useSetSalonAddress = () => useSettingsMutation(setSalonAddress);
