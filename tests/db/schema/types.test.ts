import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTypes, typesFile } from '../../../scripts/gen-types.ts';
import { testDatabaseKind } from '../../support/test-database.ts';

// postgres-meta needs a real PostgreSQL server, so this check runs with TEST_DB=postgres only.
describe.skipIf(testDatabaseKind !== 'postgres')('generated api types', () => {
  it('src/lib/database.types.ts matches the migrations (run `npm run gen:types` when it does not)', async () => {
    const fresh = await generateTypes();
    expect(fresh).toContain('api: {');
    expect(readFileSync(typesFile, 'utf8')).toBe(fresh);
  });
});
