import { afterAll, beforeAll, describe, it } from 'vitest';
import { checkFamilies } from './all-checks.ts';
import { startPolicyWorld, type PolicyWorld } from './world.ts';

// Row-level security and privileges on their own: every statement runs directly on the tables as
// the persona's role and claims, never through an api function. POLICY_MUTANT_SQL (set by
// tests/db/policies/run-mutants.ts) is applied after the fixture is built, to show a weakened policy fails.
let world: PolicyWorld;
beforeAll(async () => {
  world = await startPolicyWorld();
  if (process.env.POLICY_MUTANT_SQL) await world.apply(process.env.POLICY_MUTANT_SQL);
});
afterAll(() => world?.stop());

for (const [family, checks] of Object.entries(checkFamilies)) {
  describe(family, () => {
    for (const check of checks) it(check.name, () => check.run(world));
  });
}
