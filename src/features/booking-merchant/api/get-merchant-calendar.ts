import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { reminderSchema, whatsappSchema } from '@/features/booking-merchant/api/salon-messages';
import { reservationsKey } from '@/features/booking-merchant/api/schemas';
import { numeric } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const appointmentSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  treatment_id: z.nullable(z.string()),
  /** The series the salon booked it in (api.book_series), or null. */
  series_id: z.nullable(z.string()),
  /** Its place in its visit and the visit's number of treatments, or null for a single treatment. */
  visit_part: z.nullable(z.number()),
  visit_parts: z.nullable(z.number()),
  client_name: z.string(),
  client_code: z.nullable(z.string()),
  client_phone: z.nullable(z.string()),
  treatment_name: z.string(),
  operator_id: z.nullable(z.string()),
  operator_name: z.string(),
  time: z.string(),
  ends: z.string(),
  duration_minutes: numeric,
  notes: z.nullable(z.string()),
  /** 'confermata', or 'completata' / 'non presentata' once the salon marked the visit. */
  status: z.string(),
  /** What the merchant may do with it now, decided by the database ('cancel', 'complete', 'no_show'). */
  actions: z.array(z.string()),
  /** Where the grid places it: minutes from the first row, and how many minutes it lasts. */
  offset_minutes: z.number(),
  length_minutes: z.number(),
  whatsapp: whatsappSchema,
  reminder: reminderSchema,
  /** Minutes its operator stays busy after it (cleaning). */
  buffer_minutes: z.number(),
  /** The processing time inside it, from its start, when its operator is free for others. */
  processing_offset_minutes: z.nullable(z.number()),
  processing_minutes: z.nullable(z.number()),
  /** The cabins and equipment it holds. */
  resource_ids: z.array(z.string()),
});

const calendarDaySchema = z.object({
  date: z.string(),
  closed: z.boolean(),
  /** Ranges nobody can be booked in, per operator: the salon closed, or the operator away. */
  shaded: z.array(
    z.object({
      operator_id: z.nullable(z.string()),
      kind: z.enum(['closed', 'away']),
      from_minutes: z.number(),
      to_minutes: z.number(),
    }),
  ),
  appointments: z.array(appointmentSchema),
});

const calendarSchema = z.object({
  today: z.string(),
  from_day: z.string(),
  previous_from_day: z.string(),
  next_from_day: z.string(),
  slot_minutes: z.number(),
  /** The grid's rows, 'HH:MM'. */
  slots: z.array(z.string()),
  operators: z.array(z.object({ id: z.nullable(z.string()), name: z.string() })),
  resources: z.array(z.object({ id: z.string(), name: z.string() })),
  days: z.array(calendarDaySchema),
});

export type MerchantCalendar = z.infer<typeof calendarSchema>;
export type CalendarDay = MerchantCalendar['days'][number];
export type CalendarAppointment = CalendarDay['appointments'][number];
export type CalendarOperator = MerchantCalendar['operators'][number];

/** A week of the salon's calendar from `fromDay` (null: from today), placed on the grid by the database. */
async function getMerchantCalendar(fromDay: string | null): Promise<MerchantCalendar> {
  return calendarSchema.parse(await callRpc('merchant_calendar', { from_day: fromDay, day_count: 7 }));
}

/** Under reservationsKey: every reservation change or action refreshes it, live. */
const merchantCalendarQueryOptions = (fromDay: string | null) =>
  queryOptions({
    queryKey: [...reservationsKey, 'calendar', fromDay],
    queryFn: () => getMerchantCalendar(fromDay),
    placeholderData: keepPreviousData,
  });

export function useMerchantCalendar(fromDay: string | null) {
  return useQuery(merchantCalendarQueryOptions(fromDay));
}
