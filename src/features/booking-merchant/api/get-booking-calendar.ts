import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { settingsKey } from '@/features/booking-merchant/api/schemas';
import { callRpc } from '@/lib/rpc';

const weeklyRangeSchema = z.object({
  weekday: z.number().check(z.int()),
  opens: z.string(),
  closes: z.string(),
});

export type WeeklyRange = z.infer<typeof weeklyRangeSchema>;

const bookingCalendarSchema = z.object({
  opening_hours: z.array(weeklyRangeSchema),
  operator_hours: z.array(z.extend(weeklyRangeSchema, { operator_id: z.string() })),
  closures: z.array(z.string()),
  closure_days: z.array(z.object({ day: z.string(), reason: z.nullable(z.string()) })),
  absences: z.array(
    z.object({ id: z.string(), operator_id: z.string(), from_day: z.string(), to_day: z.string() }),
  ),
});

export type BookingCalendar = z.infer<typeof bookingCalendarSchema>;

/** The salon's calendar: opening hours, each operator's hours, closures and absences. */
async function getBookingCalendar(): Promise<BookingCalendar> {
  return bookingCalendarSchema.parse(await callRpc('booking_calendar'));
}

export const bookingCalendarQueryOptions = () =>
  queryOptions({ queryKey: [...settingsKey, 'calendar'], queryFn: getBookingCalendar });

export function useBookingCalendar() {
  return useQuery(bookingCalendarQueryOptions());
}
