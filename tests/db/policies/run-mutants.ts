// Mutation testing of the access rules: weakens one policy (or grant) at a time on a database with
// the migrations and the policy tests' fixture, runs the checks of tests/db/policies/policies.test.ts against
// it and reports which weakenings no check noticed. `npm run test:policies` (PGlite; TEST_DB=postgres
// and TEST_DATABASE_URL for PostgreSQL). `-- --only "text"` keeps the mutants whose target contains it;
// `-- --vitest` runs the test file once per mutant instead (slow: a cross-check of the in-process run).
import { spawnSync } from 'node:child_process';
import { checkFamilies } from './all-checks.ts';
import type { Check } from './check.ts';
import {
  accessFingerprint,
  equivalentMutants,
  grantMutants,
  policyMutants,
  readPolicies,
  type Mutant,
} from './mutants.ts';
import { startPolicyWorld, type PolicyWorld } from './world.ts';

const checks = Object.values(checkFamilies).flat();
const viaVitest = process.argv.includes('--vitest');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

/** The first check that fails, trying first those of the mutated relation. */
async function firstFailure(world: PolicyWorld, relation: string): Promise<Check | undefined> {
  const ordered = [
    ...checks.filter((check) => check.name.startsWith(`${relation}:`)),
    ...checks.filter((check) => !check.name.startsWith(`${relation}:`)),
  ];
  for (const check of ordered) {
    try {
      await check.run(world);
    } catch {
      return check;
    }
  }
  return undefined;
}

/** The slow cross-check (--vitest): the test file itself, on its own database with POLICY_MUTANT_SQL. */
async function vitestFailure(mutant: Pick<Mutant, 'sql'>): Promise<Check | undefined> {
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'server', 'tests/db/policies/policies.test.ts'],
    {
      env: { ...process.env, POLICY_MUTANT_SQL: mutant.sql, NO_COLOR: '1', FORCE_COLOR: '0' },
      encoding: 'utf8',
    },
  );
  if (run.status === 0) return undefined;
  const failed = `${run.stdout}${run.stderr}`.match(/FAIL .*> (.*)$/m)?.[1]?.trim();
  return { name: `vitest: ${failed ?? `exit ${run.status}`}`, run: async () => {} };
}

const started = Date.now();
const world = await startPolicyWorld();
try {
  const unmutated = viaVitest ? await vitestFailure({ sql: '' }) : await firstFailure(world, '');
  if (unmutated) throw new Error(`The checks fail without any mutant: ${unmutated.name}`);
  const baseline = await accessFingerprint(world.db);
  const policies = await readPolicies(world.db);
  const mutants: Mutant[] = [...policyMutants(policies), ...(await grantMutants(world.db))].filter(
    (mutant) => !only || mutant.target.includes(only),
  );
  const survivors: Mutant[] = [];
  const equivalent: Mutant[] = [];
  const killedEquivalents: Mutant[] = [];
  const byTarget = new Map<string, { killed: number; total: number }>();
  for (const mutant of mutants) {
    try {
      await world.apply(mutant.sql);
    } catch (error) {
      throw new Error(`The mutant does not apply: ${mutant.sql}: ${(error as Error).message}`);
    }
    const killer = viaVitest ? await vitestFailure(mutant) : await firstFailure(world, mutant.relation);
    await world.apply(mutant.restore);
    if ((await accessFingerprint(world.db)) !== baseline) {
      throw new Error(`Restoring did not undo: ${mutant.sql}`);
    }
    const score = byTarget.get(mutant.target) ?? { killed: 0, total: 0 };
    score.total += 1;
    const reason = equivalentMutants[`${mutant.target} — ${mutant.label}`];
    if (killer) score.killed += 1;
    else if (reason) equivalent.push(mutant);
    else survivors.push(mutant);
    if (killer && reason) killedEquivalents.push(mutant);
    byTarget.set(mutant.target, score);
    const verdict = killer ? 'killed    ' : reason ? 'equivalent' : 'SURVIVED  ';
    console.log(`${verdict} ${mutant.target} — ${mutant.label}${killer ? ` (by "${killer.name}")` : ''}`);
  }
  const drifted = await firstFailure(world, '');
  if (drifted) throw new Error(`The checks fail after every mutant was undone: ${drifted.name}`);
  const policyTargets = new Set(policies.map((policy) => `${policy.relation}: ${policy.name}`));
  const summary = (label: string, entries: [string, { killed: number; total: number }][]) => {
    const killed = entries.reduce((sum, [, score]) => sum + score.killed, 0);
    const total = entries.reduce((sum, [, score]) => sum + score.total, 0);
    const defended = entries.filter(([, score]) => score.killed === score.total).length;
    console.log(
      `${label}: ${defended} / ${entries.length} defended (every mutant killed); mutants killed ${killed} / ${total}`,
    );
  };
  const targets = [...byTarget.entries()];
  console.log('');
  summary(
    'Policies',
    targets.filter(([target]) => policyTargets.has(target)),
  );
  summary(
    'Grants, schema usage, RLS switches',
    targets.filter(([target]) => !policyTargets.has(target)),
  );
  const killed = mutants.length - survivors.length - equivalent.length;
  console.log(
    `All mutants: ${killed} killed, ${equivalent.length} equivalent, ${survivors.length} survived, of ${mutants.length}`,
  );
  for (const mutant of equivalent) {
    console.log(
      `  equivalent: ${mutant.target} — ${mutant.label}: ${equivalentMutants[`${mutant.target} — ${mutant.label}`]}`,
    );
  }
  for (const mutant of killedEquivalents) {
    console.log(`  listed as equivalent but killed (update the list): ${mutant.target} — ${mutant.label}`);
  }
  if (survivors.length) {
    console.log(
      '\nSurvivors (reproduce with POLICY_MUTANT_SQL="..." on tests/db/policies/policies.test.ts):',
    );
    for (const mutant of survivors) console.log(`  ${mutant.target} — ${mutant.label}\n    ${mutant.sql}`);
  }
  console.log(
    `\n${mutants.length} mutants, ${checks.length} checks, ${Math.round((Date.now() - started) / 1000)} s`,
  );
  process.exitCode = survivors.length ? 1 : 0;
} finally {
  await world.stop();
}
