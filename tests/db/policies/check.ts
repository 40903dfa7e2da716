import { expect } from 'vitest';
import type { PersonaName, PolicyWorld, Refusal } from './world.ts';

/** One assertion about what the database lets a persona do; throws when the database disagrees. */
export interface Check {
  name: string;
  run(world: PolicyWorld): Promise<void>;
}

export type Predicates = Partial<Record<PersonaName, string>>;

const keysOf = async (world: PolicyWorld, sql: string) =>
  (await world.db.query<{ k: string }>(sql)).rows.map((row) => row.k).sort();

/**
 * What each persona reads from `table`: the rows for which its predicate holds (the superuser
 * decides), nothing when no predicate is given; anon is refused the schema and service_role sees all.
 */
export function selectChecks(
  table: string,
  predicates: (world: PolicyWorld) => Predicates,
  refusals: Partial<Record<PersonaName, Refusal>> = {},
): Check[] {
  const personas: PersonaName[] = [
    'anon',
    'clientA',
    'clientB',
    'merchantA',
    'merchantB',
    'admin',
    'service',
  ];
  return personas.map((persona) => ({
    name: `${table}: what ${persona} selects`,
    async run(world) {
      const given = predicates(world);
      const refusal = refusals[persona] ?? (persona === 'anon' && !given.anon ? 'schema' : undefined);
      const seen = await world.attempt(persona, `select t::text as k from ${table} t`);
      if (refusal) {
        expect(seen.refused).toBe(refusal);
        return;
      }
      expect(seen.refused).toBeUndefined();
      const predicate = persona === 'service' ? 'true' : (given[persona] ?? 'false');
      const expected = await keysOf(world, `select t::text as k from ${table} t where ${predicate}`);
      const all = await keysOf(world, `select t::text as k from ${table} t`);
      // The fixture has rows this persona must not see, unless it is entitled to all.
      if (predicate !== 'true') expect(expected.length).toBeLessThan(all.length);
      expect(seen.rows!.map((row) => row.k as string).sort()).toEqual(expected);
    },
  }));
}

/** The statement is refused, for this reason. */
export function refused(
  name: string,
  persona: PersonaName,
  sql: string,
  reason: Refusal,
  before?: string,
): Check {
  return {
    name,
    async run(world) {
      const attempt = await world.attempt(persona, sql, { before });
      expect(attempt.refused).toBe(reason);
    },
  };
}

/** The statement runs. */
export function allowed(name: string, persona: PersonaName, sql: string, before?: string): Check {
  return {
    name,
    async run(world) {
      const attempt = await world.attempt(persona, sql, { before });
      expect(attempt.refused).toBeUndefined();
    },
  };
}

/**
 * An UPDATE or DELETE without WHERE (so only the command's own policies filter it) changes exactly
 * the rows of `table` for which `predicate` holds. `changed` lists the keys (as k) of changed rows
 * afterwards; for a delete leave it out: the changed rows are those that vanished.
 */
export function changes(
  name: string,
  persona: PersonaName,
  options: {
    table: string;
    key: string;
    statement: string;
    predicate: (world: PolicyWorld) => string;
    changed?: string;
    before?: string;
  },
): Check {
  return {
    name,
    async run(world) {
      const { table, key, statement, changed, before } = options;
      const all = await keysOf(world, `select (${key})::text as k from ${table}`);
      const attempt = await world.attempt(persona, statement, {
        before,
        observe: changed ?? `select (${key})::text as k from ${table}`,
      });
      expect(attempt.refused).toBeUndefined();
      const observed = attempt.observed!.map((row) => row.k as string).sort();
      const touched = changed ? observed : all.filter((k) => !observed.includes(k));
      const predicate = options.predicate(world);
      const expected = await keysOf(world, `select (${key})::text as k from ${table} where ${predicate}`);
      if (predicate !== 'false') expect(expected.length).toBeGreaterThan(0);
      expect(touched).toEqual(expected);
    },
  };
}

/** A check whose SQL needs the world's ids, built when it runs. */
export function lazy(name: string, build: (world: PolicyWorld) => Check): Check {
  return { name, run: (world) => build(world).run(world) };
}
