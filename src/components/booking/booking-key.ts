import * as z from 'zod/mini';

export const merchantSlugSchema = z.string().check(z.trim(), z.minLength(1));

/** The query-key prefix of everything a customer's booking screens read for one salon. */
export const bookingKey = (merchantSlug: string) => ['booking-client', merchantSlug] as const;
