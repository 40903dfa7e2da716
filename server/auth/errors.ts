import type { FastifyReply } from 'fastify';

export const apiVersion = '2024-01-01';

/** A GoTrue error: HTTP status, `error_code` and the message GoTrue uses. */
export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

export const authErrors = {
  badJson: () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  invalidEmail: () =>
    new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  userBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  signupDisabled: () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  otpDisabled: () => new AuthError(422, 'otp_disabled', 'Signups not allowed for otp'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () =>
    new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  weakPassword: (minimum: number) =>
    new AuthError(422, 'weak_password', `Password should be at least ${minimum} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  samePassword: () =>
    new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  otpExpired: (tokenHashForm: boolean) =>
    new AuthError(
      403,
      'otp_expired',
      tokenHashForm ? 'Email link is invalid or has expired' : 'Token has expired or is invalid',
    ),
  overRequestRateLimit: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  overEmailRateLimit: (message = 'email rate limit exceeded') =>
    new AuthError(429, 'over_email_send_rate_limit', message),
  refreshTokenNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  sessionNotFound: (status = 403) =>
    new AuthError(status, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  noAuthorization: () =>
    new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (detail: string) => new AuthError(403, 'bad_jwt', `invalid JWT: ${detail}`),
  userNotFoundFromJwt: () =>
    new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  notFound: () => new AuthError(404, 'not_found', 'Not found'),
};

/** Both of GoTrue's error shapes at once, so every auth-js version reads the code and the message. */
export function sendAuthError(reply: FastifyReply, error: AuthError): FastifyReply {
  return reply
    .code(error.status)
    .header('x-supabase-api-version', apiVersion)
    .header('x-sb-error-code', error.code)
    .send({
      code: error.code,
      error_code: error.code,
      msg: error.message,
      message: error.message,
      ...error.extra,
    });
}
