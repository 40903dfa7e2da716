import type { Queryable } from '../db/port.ts';
import { PostgrestError } from './postgrest-error.ts';

export interface FunctionParameter {
  name: string;
  /** format_type() of the parameter, used as the column type in json_to_record. */
  type: string;
  hasDefault: boolean;
}

export type ReturnShape = 'void' | 'scalar' | 'composite' | 'set';

export interface ResolvedFunction {
  schema: string;
  name: string;
  parameters: FunctionParameter[];
  /** A single unnamed json/jsonb parameter receives the whole body. */
  takesWholeBody: boolean;
  returns: ReturnShape;
  volatile: boolean;
}

interface ProcRow {
  arg_names: string[] | null;
  arg_types: string[];
  arg_modes: string[] | null;
  default_count: number;
  returns_set: boolean;
  return_type: string;
  return_kind: string;
  volatility: string;
}

const procQuery = `
  select p.proargnames as arg_names,
         array(select format_type(t, null) from unnest(p.proargtypes) as t) as arg_types,
         p.proargmodes::text[] as arg_modes,
         p.pronargdefaults::int as default_count,
         p.proretset as returns_set,
         format_type(p.prorettype, null) as return_type,
         rt.typtype::text as return_kind,
         p.provolatile::text as volatility
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    join pg_catalog.pg_type rt on rt.oid = p.prorettype
   where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'`;

function inputParameters(row: ProcRow): FunctionParameter[] {
  // proargnames covers every argument incl. OUT/TABLE ones; proargtypes only the inputs.
  const modes = row.arg_modes ?? row.arg_types.map(() => 'i');
  const names = (row.arg_names ?? []).filter((_, index) => ['i', 'b', 'v'].includes(modes[index] ?? 'i'));
  const firstDefault = row.arg_types.length - row.default_count;
  return row.arg_types.map((type, index) => ({
    name: names[index] ?? '',
    type,
    hasDefault: index >= firstDefault,
  }));
}

function returnShape(row: ProcRow): ReturnShape {
  if (row.returns_set) return 'set';
  if (row.return_type === 'void') return 'void';
  if (row.return_kind === 'c' || row.return_type === 'record') return 'composite';
  return 'scalar';
}

/**
 * Whether PostgREST can call the function at all: every parameter named, or a single unnamed one of
 * a type a request body can be (bytea, json, jsonb, text, xml). Others are not in its schema cache.
 */
function isCallable(parameters: FunctionParameter[]): boolean {
  const unnamed = parameters.filter((parameter) => parameter.name === '');
  return unnamed.length === 0 || (unnamed.length === 1 && callableUnnamedTypes.includes(unnamed[0]!.type));
}

const callableUnnamedTypes = ['bytea', 'json', 'jsonb', 'text', 'xml'];

/** The argument set of a call whose JSON body is an array or a scalar. */
export const wholeBodyOnly = 'whole body only';

/**
 * Picks the overload whose parameters match the argument names, as PostgREST does: every parameter
 * without a default is given (an unnamed one with the key "") and no unknown argument is passed. Resolved from pg_proc on every call,
 * so a new migration needs no schema-cache reload.
 */
export async function resolveFunction(
  tx: Queryable,
  schema: string,
  name: string,
  argumentSet: string[] | typeof wholeBodyOnly,
): Promise<ResolvedFunction> {
  const { rows } = await tx.query<ProcRow>(procQuery, [schema, name]);
  const wholeBody = argumentSet === wholeBodyOnly;
  const argumentNames = wholeBody ? [] : argumentSet;
  const given = new Set(argumentNames);
  const candidates = rows
    .map((row) => ({ row, parameters: inputParameters(row) }))
    .filter(({ parameters }) => isCallable(parameters))
    .map(({ row, parameters }) => {
      const takesWholeBody =
        parameters.length === 1 &&
        parameters[0]!.name === '' &&
        ['json', 'jsonb'].includes(parameters[0]!.type);
      // The unnamed parameter is given with the key "" and passed by position, so it must come first.
      const names = new Set(parameters.map((parameter) => parameter.name));
      const unnamedGivenFirst = !given.has('') || parameters[0]?.name === '';
      const namedMatch =
        !wholeBody &&
        unnamedGivenFirst &&
        parameters.every((parameter) => parameter.hasDefault || given.has(parameter.name)) &&
        argumentNames.every((argument) => names.has(argument));
      return {
        row,
        parameters,
        takesWholeBody: !namedMatch && takesWholeBody,
        matches: namedMatch || takesWholeBody,
      };
    })
    .filter((candidate) => candidate.matches)
    // A named match wins over the whole-body fallback.
    .sort((a, b) => Number(a.takesWholeBody) - Number(b.takesWholeBody));

  const exact = candidates.filter((candidate) => candidate.takesWholeBody === candidates[0]?.takesWholeBody);
  if (exact.length > 1) {
    const signatures = exact.map(
      ({ parameters }) =>
        `${schema}.${name}(${parameters.map((parameter) => `${parameter.name} => ${parameter.type}`).join(', ')})`,
    );
    throw PostgrestError.of(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${signatures.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const chosen = candidates[0];
  if (!chosen) {
    const sorted = [...argumentNames].sort();
    const listed = sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`;
    const searched =
      sorted.length === 0
        ? ' without parameters'
        : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`;
    throw PostgrestError.of(
      404,
      'PGRST202',
      `Could not find the function ${schema}.${name}${listed} in the schema cache`,
      `Searched for the function ${schema}.${name}${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      null,
    );
  }
  return {
    schema,
    name,
    parameters: chosen.parameters,
    takesWholeBody: chosen.takesWholeBody,
    returns: returnShape(chosen.row),
    volatile: chosen.row.volatility === 'v',
  };
}
