import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { settingsKey } from '@/features/booking-merchant/api/schemas';
import { numeric } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const bookingSettingsSchema = z.object({
  cancellation_notice_hours: numeric,
  address: z.nullable(z.string()),
  new_request_emails: z.boolean(),
  reminder_emails: z.boolean(),
  max_open_requests: numeric,
  second_reminder_emails: z.boolean(),
  no_show_alert_threshold: numeric,
  moves_confirmed_at_once: z.boolean(),
});

export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

/**
 * The salon's booking settings: how many hours before an appointment a customer may cancel online, its
 * address, which booking e-mails go out, how many open requests one customer may have, and from how
 * many no-shows a client's requests are flagged.
 */
async function getBookingSettings(): Promise<BookingSettings> {
  return bookingSettingsSchema.parse(await callRpc('booking_settings'));
}

export const bookingSettingsQueryOptions = () =>
  queryOptions({ queryKey: [...settingsKey, 'booking-settings'], queryFn: getBookingSettings });

export function useBookingSettings() {
  return useQuery(bookingSettingsQueryOptions());
}
