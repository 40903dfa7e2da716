import { describe, expect, it } from 'vitest';
import { authErrors } from './errors.ts';
import { TokenBucket } from './rate-limit.ts';

describe('TokenBucket', () => {
  const fiveMinutes = 300_000;

  it('allows the burst at once, then one more per refilled token, per key', () => {
    const bucket = new TokenBucket(30, 150, fiveMinutes, authErrors.overRequestRateLimit);
    for (let attempt = 0; attempt < 30; attempt += 1) bucket.hit('a', 0);
    expect(() => bucket.hit('a', 0)).toThrow('Request rate limit reached');
    bucket.hit('b', 0);
    // 150 per 5 minutes is one token every 2 s.
    expect(() => bucket.hit('a', 1_999)).toThrow('Request rate limit reached');
    bucket.hit('a', 2_000);
    expect(() => bucket.hit('a', 2_000)).toThrow('Request rate limit reached');
  });

  it('never holds more than the burst, however long the key was idle', () => {
    const bucket = new TokenBucket(30, 150, fiveMinutes, authErrors.overRequestRateLimit);
    bucket.hit('a', 0);
    for (let attempt = 0; attempt < 30; attempt += 1) bucket.hit('a', 10 * fiveMinutes);
    expect(() => bucket.hit('a', 10 * fiveMinutes)).toThrow('Request rate limit reached');
  });
});
