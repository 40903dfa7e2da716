import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { isPostgresError } from '../db/port.ts';
import type { AuthMailContext } from './emails.ts';
import { AuthError, authErrors, sendAuthError } from './errors.ts';
import { createLimiters, type AuthLimiters } from './rate-limit.ts';
import { allowedRedirect } from './redirect.ts';
import type { TokenContext } from './sessions.ts';
import { apiUrlOf, resolveAuthSettings, siteUrlOf, type AuthSettings } from './settings.ts';

/** What the auth routes share: the server context, GoTrue's settings and the rate limiters. */
export interface AuthContext {
  server: ServerContext;
  settings: AuthSettings;
  limiters: AuthLimiters;
}

const limitersOfServer = new WeakMap<ServerContext, AuthLimiters>();

/** One set of limiters per server: the auth routes and the rpc calls that create logins count together. */
export function authLimitersOf(server: ServerContext): AuthLimiters {
  let limiters = limitersOfServer.get(server);
  if (!limiters) {
    limiters = createLimiters(resolveAuthSettings(server.config).rateLimits);
    limitersOfServer.set(server, limiters);
  }
  return limiters;
}

export function createAuthContext(server: ServerContext): AuthContext {
  return { server, settings: resolveAuthSettings(server.config), limiters: authLimitersOf(server) };
}

// Links, redirects and the token issuer come from the configuration alone: a request's Host or
// X-Forwarded-Host header never decides where an e-mailed link points.

export function tokenContext(auth: AuthContext): TokenContext {
  return {
    db: auth.server.db,
    settings: auth.settings,
    jwtSecret: auth.server.keys.jwtSecret,
    issuer: `${apiUrlOf(auth.server.config)}/auth/v1`,
  };
}

export function mailContext(auth: AuthContext): AuthMailContext {
  return {
    settings: auth.settings,
    mailer: auth.server.mailer,
    emailLimiter: auth.limiters.emailSent,
    siteUrl: siteUrlOf(auth.server.config),
    apiOrigin: apiUrlOf(auth.server.config),
  };
}

/** `redirect_to` of the query when site_url or additional_redirect_urls allow it, else the site URL. */
export function redirectOf(auth: AuthContext, request: FastifyRequest, requested?: string): string {
  const query = request.query as Record<string, string | undefined>;
  return allowedRedirect(requested ?? query.redirect_to, {
    siteUrl: siteUrlOf(auth.server.config),
    allowList: auth.settings.additionalRedirectUrls,
  });
}

export function clientOf(request: FastifyRequest): { ip: string; userAgent?: string } {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export type Body = Record<string, unknown>;

/** The JSON body as an object; GoTrue answers anything else with bad_json. */
export function bodyOf(request: FastifyRequest): Body {
  const body: unknown = request.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw authErrors.badJson();
  return body as Body;
}

export function stringField(body: Body, key: string): string {
  const value = body[key];
  return typeof value === 'string' ? value.trim() : '';
}

export function objectField(body: Body, key: string): Body | undefined {
  const value = body[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : undefined;
}

/** Turns what a handler threw into GoTrue's error JSON; never leaks SQL or a stack trace. */
export function replyWithError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof AuthError) {
    if (error.status >= 500) request.log.error({ err: error.cause ?? error }, 'auth request failed');
    return sendAuthError(reply, error);
  }
  const { statusCode: status, validationContext } = error as FastifyError;
  // A route's schema refused the input: a body of the wrong shape is GoTrue's bad_json.
  if (validationContext === 'body') return sendAuthError(reply, authErrors.badJson());
  if (validationContext) return sendAuthError(reply, authErrors.validation((error as Error).message));
  if (status === 413)
    return sendAuthError(reply, new AuthError(413, 'request_too_large', 'Request body is too large'));
  if (status === 408)
    return sendAuthError(reply, new AuthError(408, 'request_timeout', 'Processing this request timed out'));
  if (status !== undefined && status >= 400 && status < 500)
    return sendAuthError(reply, authErrors.badJson());
  if (
    isPostgresError(error) &&
    error.code === '23505' &&
    /email/.test(error.message + (error.detail ?? ''))
  ) {
    return sendAuthError(reply, authErrors.emailExists());
  }
  request.log.error({ err: error }, 'auth request failed');
  return sendAuthError(reply, new AuthError(500, 'unexpected_failure', 'Internal server error'));
}

/** Waits `maxFrequency` between two e-mails of one kind to one user, as GoTrue's max_frequency does. */
export function checkEmailFrequency(settings: AuthSettings, sentAt: Date | null): void {
  if (!sentAt) return;
  const waitUntil = new Date(sentAt).getTime() + settings.maxFrequency * 1000;
  const remaining = Math.ceil((waitUntil - Date.now()) / 1000);
  if (remaining > 0) {
    throw authErrors.overEmailRateLimit(
      `For security purposes, you can only request this after ${remaining} seconds.`,
    );
  }
}

/** GoTrue's password checks for sign-up and password change. */
export function checkPassword(settings: AuthSettings, password: string): void {
  if (password.length > 72) throw authErrors.validation('Password cannot be longer than 72 characters');
  if ([...password].length < settings.minimumPasswordLength)
    throw authErrors.weakPassword(settings.minimumPasswordLength);
}
