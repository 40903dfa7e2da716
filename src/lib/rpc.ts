import { ApiError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

/** Calls one function of schema `api`; the only place that turns PostgREST's error body into an ApiError. */
export async function callRpc<Result>(name: string, args?: Record<string, unknown>): Promise<Result> {
  const { data, error, status } = await supabase.rpc(name, args);
  if (error) throw ApiError.fromPostgrest(error, status);
  return data as Result;
}
