/** Which database the server tests run on: PGlite unless TEST_DB=postgres (then TEST_DATABASE_URL). */
export const testDatabaseKind: 'pglite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export { createThrowawayPostgres, type ThrowawayDatabase } from '../../scripts/throwaway-postgres.ts';
