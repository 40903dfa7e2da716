/**
 * Which database the server tests run on: PGlite unless TEST_DB=postgres (then TEST_DATABASE_URL), or
 * TEST_DB=supabase: PostgreSQL prepared as a Supabase project, the server on a login without superuser.
 */
export const testDatabaseKind: 'pglite' | 'postgres' =
  process.env.TEST_DB === 'postgres' || process.env.TEST_DB === 'supabase' ? 'postgres' : 'pglite';

export const supabaseShaped = process.env.TEST_DB === 'supabase';

export { createThrowawayPostgres, type ThrowawayDatabase } from '../../scripts/throwaway-postgres.ts';
