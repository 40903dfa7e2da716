import { ApiError } from '@/lib/api-error';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

type ApiFunctions = Database['api']['Functions'];

/** The name of a function of schema `api`, as generated from the database (src/lib/database.types.ts). */
type ApiFunctionName = keyof ApiFunctions;

type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/**
 * The arguments of an api function by their SQL names: every parameter without a default must be
 * there, an unknown name is refused, and any value may be null (SQL parameters accept null; the
 * function says whether it does).
 */
type RpcArgs<Name extends ApiFunctionName> = {
  [K in Exclude<keyof ApiFunctions[Name]['Args'], OptionalKeys<ApiFunctions[Name]['Args']>>]:
    ApiFunctions[Name]['Args'][K] | null;
} & {
  [K in OptionalKeys<ApiFunctions[Name]['Args']>]?: ApiFunctions[Name]['Args'][K] | null;
};

/** What an api function answers: its generated `Returns` (Json for the ones returning jsonb). */
type RpcReturns<Name extends ApiFunctionName> = ApiFunctions[Name]['Returns'];

/** The functions that return rows (setof or table), which PostgREST pages with `range()`. */
type RowsFunctionName = {
  [Name in ApiFunctionName]: RpcReturns<Name> extends readonly unknown[] ? Name : never;
}[ApiFunctionName];

/** One row of a function that returns rows. */
export type RpcRow<Name extends RowsFunctionName> =
  RpcReturns<Name> extends readonly (infer Row)[] ? Row : never;

/** No argument list for a function without parameters, an optional one when every parameter has a default. */
type ArgsTuple<Name extends ApiFunctionName> =
  Record<never, never> extends ApiFunctions[Name]['Args'] ? [args?: RpcArgs<Name>] : [args: RpcArgs<Name>];

/** supabase-js's rpc with the name and arguments already checked by the signatures above. */
function request(name: ApiFunctionName, args: object | undefined) {
  return supabase.rpc(name, args as never);
}

/** Calls one function of schema `api`; the only place that turns PostgREST's error body into an ApiError. */
export async function callRpc<Name extends ApiFunctionName>(
  name: Name,
  ...[args]: ArgsTuple<Name>
): Promise<RpcReturns<Name>> {
  const { data, error, status } = await request(name, args);
  if (error) throw ApiError.fromPostgrest(error, status);
  return data as RpcReturns<Name>;
}

/** The most rows PostgREST returns for one call ([api] max_rows in supabase/config.toml). */
const maxRowsPerCall = 1000;

/**
 * Calls a set-returning function of schema `api` and reads every row, one page of `maxRowsPerCall`
 * at a time, so a large result (a 20,000-client tree) is never cut at PostgREST's max_rows.
 * The function must order its rows deterministically.
 */
export async function callRpcAllRows<Name extends RowsFunctionName>(
  name: Name,
  ...[args]: ArgsTuple<Name>
): Promise<RpcRow<Name>[]> {
  const rows: RpcRow<Name>[] = [];
  for (let from = 0; ; from += maxRowsPerCall) {
    const { data, error, status } = await request(name, args).range(from, from + maxRowsPerCall - 1);
    if (error) throw ApiError.fromPostgrest(error, status);
    const page = (data ?? []) as RpcRow<Name>[];
    rows.push(...page);
    if (page.length < maxRowsPerCall) return rows;
  }
}

/**
 * A generated row with the columns that may be null said so: postgres-meta types every column of a
 * `returns table (...)` function as present, as the catalogue keeps no nullability for them.
 */
export type WithNullable<Row, Column extends keyof Row> = Omit<Row, Column> & {
  [K in Column]: Row[K] | null;
};
