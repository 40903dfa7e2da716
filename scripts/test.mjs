// `npm test`: lint, type check, unit tests, server contract tests on PGlite (and again on PostgreSQL when
// TEST_DATABASE_URL is set), the production build and the browser tests; then one closing line of counts.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const resultsDir = '.test-results';
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

console.log(`Node ${process.version} (${process.execPath})`);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(label);
  return result.status === 0;
}

function vitest(label, project, env = {}) {
  const output = `${resultsDir}/${label.replace(/\W+/g, '-')}.json`;
  run(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${output}`,
    ],
    env,
  );
  try {
    const report = JSON.parse(readFileSync(output, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed +=
      report.numFailedTests +
      (report.numTotalTestSuites > 0 && !report.success && report.numFailedTests === 0 ? 1 : 0);
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    totals.failed += 1;
  }
}

run('lint', 'npx', ['eslint', '.']);
run('format', 'npx', ['prettier', '--check', '.']);
for (const [part, config] of Object.entries({
  app: 'tsconfig.app.json',
  node: 'tsconfig.node.json',
  tests: 'tsconfig.tests.json',
})) {
  run(`type check (${part})`, 'npx', ['tsc', '-p', config]);
}
vitest('unit tests', 'unit');
vitest('server tests on PGlite', 'server', { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('server tests on PostgreSQL', 'server', { TEST_DB: 'postgres' });
} else {
  console.log('\nTEST_DATABASE_URL is not set: the server tests on PostgreSQL are skipped.');
}
if (run('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) {
  vitest('browser tests', 'e2e');
}

console.log('');
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(
  `${totals.passed} passed, ${totals.failed + (failedSteps.length > 0 && totals.failed === 0 ? 1 : 0)} failed, ${totals.skipped} skipped`,
);
process.exit(failedSteps.length > 0 ? 1 : 0);
