import { ApiError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

/** Calls one function of schema `api`; the only place that turns PostgREST's error body into an ApiError. */
export async function callRpc<Result>(name: string, args?: Record<string, unknown>): Promise<Result> {
  const { data, error, status } = await supabase.rpc(name, args);
  if (error) throw ApiError.fromPostgrest(error, status);
  return data as Result;
}

/** The most rows PostgREST returns for one call ([api] max_rows in supabase/config.toml). */
export const maxRowsPerCall = 1000;

/**
 * Calls a set-returning function of schema `api` and reads every row, one page of `maxRowsPerCall`
 * at a time, so a large result (a 20,000-client tree) is never cut at PostgREST's max_rows.
 * The function must order its rows deterministically.
 */
export async function callRpcAllRows<Row>(name: string, args?: Record<string, unknown>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let from = 0; ; from += maxRowsPerCall) {
    const { data, error, status } = await supabase.rpc(name, args).range(from, from + maxRowsPerCall - 1);
    if (error) throw ApiError.fromPostgrest(error, status);
    const page = (data ?? []) as Row[];
    rows.push(...page);
    if (page.length < maxRowsPerCall) return rows;
  }
}
