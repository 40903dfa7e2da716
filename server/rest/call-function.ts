import type { Statement } from '../db/port.ts';
import { quoteIdent } from '../db/sql-names.ts';
import type { ResolvedFunction } from './resolve-function.ts';

/** The column the argument with key "" takes (a zero-length identifier is not valid SQL). */
const unnamedColumn = '$unnamed';

function renameUnnamed(named: Record<string, unknown>): Record<string, unknown> {
  const { '': unnamed, ...rest } = named;
  return { ...rest, [unnamedColumn]: unnamed };
}

/** Named arguments, or a JSON body that is an array or a scalar (for a single unnamed json parameter). */
export type CallArguments = { named: Record<string, unknown> } | { wholeBody: unknown };

export interface Paging {
  limit?: number;
  offset?: number;
}

/**
 * The statement that calls a resolved function with the arguments of a JSON object and returns its
 * result as JSON text shaped as PostgREST shapes it (column `body`; nothing for a void function). Only
 * catalog names are spliced into the SQL, quoted; every value travels as the single bound parameter
 * and is converted the way json_to_record converts it.
 */
export function functionCall(
  fn: ResolvedFunction,
  callArguments: CallArguments,
  paging: Paging = {},
): Statement {
  const qualified = `${quoteIdent(fn.schema)}.${quoteIdent(fn.name)}`;
  const args = 'named' in callArguments ? callArguments.named : callArguments.wholeBody;
  const named = 'named' in callArguments ? callArguments.named : {};
  const given = fn.parameters.filter((parameter) => parameter.name in named);
  // The unnamed parameter (key "") travels as a column json_to_record can name, and by position.
  const column = (parameter: { name: string }) =>
    quoteIdent(parameter.name === '' ? unnamedColumn : parameter.name);
  const argument = (parameter: { name: string }) =>
    parameter.name === ''
      ? `_args.${column(parameter)}`
      : `${quoteIdent(parameter.name)} := _args.${column(parameter)}`;
  let call: string;
  let from: string;
  if (fn.takesWholeBody) {
    call = `${qualified}($1::${fn.parameters[0]!.type})`;
    from = '';
  } else if (given.length === 0) {
    call = `${qualified}()`;
    from = '';
  } else {
    const columns = given.map((parameter) => `${column(parameter)} ${parameter.type}`).join(', ');
    call = `${qualified}(${given.map(argument).join(', ')})`;
    from = ` from json_to_record($1::json) as _args(${columns})`;
  }
  const bound = '' in named ? renameUnnamed(named) : args;
  const params =
    fn.takesWholeBody || given.length > 0 ? [JSON.stringify(fn.takesWholeBody ? args : bound)] : [];
  const source = from ? `${from.slice(' from '.length)}, lateral ${call} as _result` : `${call} as _result`;

  let sql: string;
  switch (fn.returns) {
    case 'void':
      return { sql: `select ${call}${from}`, params, prepared: true };
    case 'scalar':
      sql = `select to_json(${call})::text as body${from}`;
      break;
    case 'composite':
      sql = `select row_to_json(_result)::text as body from ${source}`;
      break;
    case 'set': {
      const limit = paging.limit !== undefined ? ` limit ${Math.trunc(paging.limit)}` : '';
      const offset = paging.offset !== undefined ? ` offset ${Math.trunc(paging.offset)}` : '';
      sql = `select coalesce(json_agg(_page), '[]')::text as body from (select _result from ${source}${limit}${offset}) as _rows(_page)`;
      break;
    }
  }
  // The text depends on the function, the names given and the limit (max_rows unless asked): prepared
  // once per connection; pages further in (an offset) are planned each time.
  return { sql, params, prepared: paging.offset === undefined };
}

/** The JSON text a `functionCall` returned, or undefined for a void function. */
export function callResult(fn: ResolvedFunction, rows: Record<string, unknown>[]): string | undefined {
  if (fn.returns === 'void') return undefined;
  return (rows[0]?.body as string | null | undefined) ?? 'null';
}
