import { authErrors, type AuthError } from './errors.ts';

/**
 * A fixed-window counter per key, as GoTrue's limiters count: every request in the window counts,
 * and once the limit is reached the caller waits for the next window.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  private readonly limit: number;
  private readonly windowMs: number;
  private readonly failure: () => AuthError;

  constructor(limit: number, windowMs: number, failure: () => AuthError) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.failure = failure;
  }

  /** Counts one event for `key`; throws the limiter's 429 when over the limit. */
  hit(key: string, now = Date.now()): void {
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 10_000) this.forgetOld(now);
    }
    if (window.count >= this.limit) throw this.failure();
    window.count += 1;
  }

  private forgetOld(now: number) {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
  }
}

/**
 * A token bucket per key, as GoTrue's password-grant limiter (tollbooth): `burst` tries at once, then
 * one more each time the bucket refills by one token (`perWindow` tokens per `windowMs`).
 */
export class TokenBucket {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();
  private readonly tokensPerMs: number;

  private readonly burst: number;
  private readonly failure: () => AuthError;

  constructor(burst: number, perWindow: number, windowMs: number, failure: () => AuthError) {
    this.burst = burst;
    this.failure = failure;
    this.tokensPerMs = perWindow / windowMs;
  }

  /** Takes one token for `key`; throws the limiter's 429 when the bucket is empty. */
  hit(key: string, now = Date.now()): void {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, updatedAt: now };
    bucket.tokens = this.tokensAt(bucket, now);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.forgetFull(now);
    if (bucket.tokens < 1) throw this.failure();
    bucket.tokens -= 1;
  }

  private tokensAt(bucket: { tokens: number; updatedAt: number }, now: number): number {
    return Math.min(this.burst, bucket.tokens + (now - bucket.updatedAt) * this.tokensPerMs);
  }

  private forgetFull(now: number) {
    for (const [key, bucket] of this.buckets) {
      if (this.tokensAt(bucket, now) >= this.burst) this.buckets.delete(key);
    }
  }
}

const fiveMinutes = 5 * 60 * 1000;
/** GoTrue's burst for its per-IP limiters (`SetBurst(30)`). */
export const gotrueBurst = 30;
const oneHour = 60 * 60 * 1000;

export interface AuthLimiters {
  /** signup, otp, recover, resend, PUT /user: per IP. */
  signInSignUps: RateLimiter;
  /** /token password grants: per IP, a burst of 30 refilled at token_refresh per 5 minutes. */
  passwordGrants: TokenBucket;
  /** /token refresh grants: per IP, apart from passwords, so a password lock-out keeps sessions alive. */
  tokenRefresh: RateLimiter;
  /** /verify: per IP. */
  tokenVerifications: RateLimiter;
  /** E-mails sent by the whole server per hour. */
  emailSent: RateLimiter;
}

export function createLimiters(limits: {
  signInSignUps: number;
  tokenRefresh: number;
  tokenVerifications: number;
  emailSent: number;
}): AuthLimiters {
  return {
    signInSignUps: new RateLimiter(limits.signInSignUps, fiveMinutes, authErrors.overRequestRateLimit),
    passwordGrants: new TokenBucket(
      gotrueBurst,
      limits.tokenRefresh,
      fiveMinutes,
      authErrors.overRequestRateLimit,
    ),
    tokenRefresh: new RateLimiter(limits.tokenRefresh, fiveMinutes, authErrors.overRequestRateLimit),
    tokenVerifications: new RateLimiter(
      limits.tokenVerifications,
      fiveMinutes,
      authErrors.overRequestRateLimit,
    ),
    emailSent: new RateLimiter(limits.emailSent, oneHour, () => authErrors.overEmailRateLimit()),
  };
}
