/**
 * The bounds the database enforces (supabase/migrations/20261123100000_integrity_bounds.sql), checked
 * in the forms first so that a too long text or too large amount never leaves the browser.
 */
export const maxLength = {
  name: 100,
  phone: 30,
  email: 254,
  website: 255,
  description: 1000,
  note: 500,
  closureReason: 100,
  address: 255,
  password: 72,
} as const;

export const amountLimits = {
  /** € 100.000,00: the largest purchase. */
  maxSpend: 100_000,
  /** € 10.000,00: the largest treatment price. */
  maxPrice: 10_000,
  minDurationMinutes: 5,
  maxDurationMinutes: 600,
} as const;

/** GoTrue's default, and config.toml's unless changed there. */
export const defaultMinimumPasswordLength = 6;
