// The test fixtures, one family: who acts (personas with issued tokens, or accounts that sign in with a
// password as the app does), salons with their catalogue, purchases and bookings, and the checks on what
// an api function answers.
export * from './accounts.ts';
export * from './bookings.ts';
export * from './personas.ts';
export * from './purchases.ts';
export * from './rpc-results.ts';
export * from './salons.ts';
