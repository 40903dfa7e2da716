import * as z from 'zod/mini';

/**
 * The values of a jsonb answer that need parsing, shared by every feature. Functions returning rows
 * need none of these: their generated types are the types (src/lib/rpc.ts).
 */

/** A numeric value (a JSON number, or a string where precision matters) read as a number: counts, percentages, durations. */
export const numeric = z.pipe(z.union([z.number(), z.string()]), z.transform(Number));

/** An amount of money kept as it came, number or decimal string, for formatMoney: never turned into a float. */
export const exactAmount = z.union([z.number(), z.string()]);

/** The `{ message }` the api's actions answer with, in Italian. */
export const messageSchema = z.object({ message: z.string() });
