/** @deprecated The fixtures live in tests/support/fixtures.ts; this path still resolves for older imports. */
export * from '../support/fixtures.ts';
