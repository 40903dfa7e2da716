import * as z from 'zod/mini';

/** The WhatsApp message a reservation calls for now, written by the database: its wa.me link or why none. */
export const whatsappSchema = z.object({
  kind: z.enum([
    'request',
    'confirmation',
    'reminder',
    'waiting',
    'change_proposed',
    'rejection',
    'cancellation',
  ]),
  url: z.optional(z.string()),
  missing_reason: z.optional(z.string()),
});

/** Whether an appointment's reminder went out, read from the outbox; null without a reminder. */
export const reminderSchema = z.nullable(
  z.object({
    channel: z.string(),
    status: z.enum(['sent', 'failed', 'retrying', 'scheduled']),
    error: z.nullable(z.string()),
    hours_before: z.number(),
  }),
);

export type WhatsApp = z.infer<typeof whatsappSchema>;
export type Reminder = z.infer<typeof reminderSchema>;
