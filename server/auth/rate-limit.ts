import { authErrors, type AuthError } from './errors.ts';

/**
 * A fixed-window counter per key, as GoTrue's limiters count: every request in the window counts,
 * and once the limit is reached the caller waits for the next window.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly failure: () => AuthError,
  ) {}

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

const fiveMinutes = 5 * 60 * 1000;
const oneHour = 60 * 60 * 1000;

export interface AuthLimiters {
  /** signup, otp, recover, resend, PUT /user: per IP. */
  signInSignUps: RateLimiter;
  /** /token (password and refresh grants): per IP. */
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
    tokenRefresh: new RateLimiter(limits.tokenRefresh, fiveMinutes, authErrors.overRequestRateLimit),
    tokenVerifications: new RateLimiter(
      limits.tokenVerifications,
      fiveMinutes,
      authErrors.overRequestRateLimit,
    ),
    emailSent: new RateLimiter(limits.emailSent, oneHour, () => authErrors.overEmailRateLimit()),
  };
}
