import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { numeric } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const isoDate = z.nullable(z.iso.date());

const movementsFilterSchema = z.object({
  dateFrom: isoDate,
  dateTo: isoDate,
  clientCode: z.pipe(
    z.nullable(z.string().check(z.trim())),
    z.transform((value) => (value ? value.toUpperCase() : null)),
  ),
  receiptNumber: z.pipe(
    z.nullable(z.string().check(z.trim())),
    z.transform((value) => value || null),
  ),
});

export type MovementsFilter = z.input<typeof movementsFilterSchema>;

const reversalSchema = z.object({
  /** On a reversed purchase: the storno that reverses it. */
  reversed_by: z.nullable(z.string()),
  /** On a storno: the purchase it reverses. */
  reversal_of: z.nullable(z.string()),
  reason: z.string(),
  reversed_at: z.string(),
});

/** A movement's reversal state, null on an ordinary purchase. */
export type MovementReversal = z.infer<typeof reversalSchema>;

const movementSchema = z.object({
  id: z.string(),
  client_code: z.string(),
  client_name: z.string(),
  spend: numeric,
  discount: numeric,
  net: numeric,
  created_at: z.string(),
  /** The Europe/Rome calendar date, 'YYYY-MM-DD'. */
  date: z.string(),
  /** The Europe/Rome wall-clock time, 'HH:MM:SS'. */
  time: z.string(),
  /** The fiscal document's number: the receipt of a purchase, the void or refund document of a storno. */
  receipt_number: z.nullable(z.string()),
  reversal: z.nullable(reversalSchema),
});

export type Movement = z.infer<typeof movementSchema>;

const movementsPageSchema = z.object({ total: numeric, movements: z.array(movementSchema) });

type MovementsPage = z.infer<typeof movementsPageSchema>;

/** The largest page the database hands out. */
export const maxPageSize = 1000;

/** One page of the merchant's movements, newest first, within the filter (Rome dates, inclusive). */
async function listMovements(
  filter: MovementsFilter,
  page: number,
  pageSize: number,
): Promise<MovementsPage> {
  const { dateFrom, dateTo, clientCode, receiptNumber } = movementsFilterSchema.parse(filter);
  return movementsPageSchema.parse(
    await callRpc('merchant_movements', {
      date_from: dateFrom,
      date_to: dateTo,
      client_code: clientCode,
      receipt_number: receiptNumber,
      page,
      page_size: pageSize,
    }),
  );
}

/** Every movement within the filter, page after page of the largest size (for the CSV export). */
export async function listAllMovements(filter: MovementsFilter): Promise<Movement[]> {
  const all: Movement[] = [];
  for (let page = 1; ; page += 1) {
    const { total, movements } = await listMovements(filter, page, maxPageSize);
    all.push(...movements);
    if (movements.length < maxPageSize || all.length >= total) return all;
  }
}

const movementsKey = [...merchantLoyaltyKey, 'movements'] as const;

const movementsQueryOptions = (filter: MovementsFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...movementsKey, filter, page, pageSize],
    queryFn: () => listMovements(filter, page, pageSize),
    placeholderData: keepPreviousData,
  });

export function useMovements(filter: MovementsFilter, page: number, pageSize: number) {
  return useQuery(movementsQueryOptions(filter, page, pageSize));
}
