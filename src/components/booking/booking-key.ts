import { z } from 'zod';

export const merchantSlugSchema = z.string().trim().min(1);

/** The query-key prefix of everything a customer's booking screens read for one salon. */
export const bookingKey = (merchantSlug: string) => ['booking-client', merchantSlug] as const;
