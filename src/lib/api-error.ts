import type { AuthError, PostgrestError } from '@supabase/supabase-js';
import { fill } from '@/lib/texts';
import { adminEmailTakenText, italianErrorMessage, networkFailureText } from '@/lib/error-messages';

/**
 * The one error type of the data layer, shaped like PostgREST's error body. Screens branch on
 * `code` (a SQLSTATE from the api functions, or the auth service's error code), never on the text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;

  constructor(body: {
    status: number;
    code: string;
    message: string;
    details?: string | null;
    hint?: string | null;
  }) {
    super(body.message);
    this.name = 'ApiError';
    this.status = body.status;
    this.code = body.code;
    this.details = body.details ?? null;
    this.hint = body.hint ?? null;
  }

  /** The server's body with its message put in Italian (see error-messages.ts). */
  private static italian(body: {
    status: number;
    code: string;
    message: string;
    details?: string | null;
    hint?: string | null;
  }): ApiError {
    const message = italianErrorMessage(body);
    const code = message === networkFailureText ? 'network' : body.code;
    return new ApiError({ ...body, code, message });
  }

  static fromPostgrest(error: PostgrestError, status: number): ApiError {
    return ApiError.italian({
      status,
      code: error.code ?? '',
      message: error.message ?? '',
      details: error.details,
      hint: error.hint,
    });
  }

  static fromAuth(error: AuthError): ApiError {
    return ApiError.italian({ status: error.status ?? 0, code: error.code ?? '', message: error.message });
  }

  static from(error: unknown): ApiError {
    if (error instanceof ApiError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return ApiError.italian({ status: 0, code: 'unknown', message });
  }

  /** True when the request never reached the server. */
  get isNetworkFailure(): boolean {
    return this.code === 'network';
  }
}

/** The Italian text to show for any failure. */
export function errorMessage(error: unknown): string {
  return ApiError.from(error).message;
}

/**
 * A failure told with its screen's template ('Impossibile caricare i dati: {message}'); without a
 * connection just 'Connessione assente: riprova', whatever was being done.
 */
export function failureText(template: string, error: unknown): string {
  const apiError = ApiError.from(error);
  return apiError.isNetworkFailure ? apiError.message : fill(template, { message: apiError.message });
}

/** Marked by SQL (hint) or by the auth service (code): the e-mail already belongs to an account. */
function isEmailTaken(error: ApiError): boolean {
  return (
    error.hint === 'email_exists' || error.code === 'email_exists' || error.code === 'user_already_exists'
  );
}

/** `failureText` for the platform administrator: a taken e-mail is not an invitation to sign in. */
export function adminFailureText(template: string, error: unknown): string {
  const apiError = ApiError.from(error);
  return isEmailTaken(apiError)
    ? fill(template, { message: adminEmailTakenText })
    : failureText(template, error);
}
