import type { AuthError, PostgrestError } from '@supabase/supabase-js';

/** Italian texts for the auth service's error codes; anything else keeps the server's own message. */
const authMessages: Record<string, string> = {
  invalid_credentials: 'email o password non corretti',
  email_not_confirmed: 'indirizzo email non ancora verificato',
  user_already_exists: 'esiste già un account con questa email',
  email_exists: 'esiste già un account con questa email',
  over_email_send_rate_limit: 'troppe richieste, riprova tra un minuto',
  over_request_rate_limit: 'troppe richieste, riprova tra un minuto',
  otp_expired: 'link non valido o scaduto',
  user_not_found: 'account inesistente',
  same_password: 'la nuova password deve essere diversa da quella attuale',
  session_not_found: 'sessione scaduta, accedi di nuovo',
};

/** GoTrue says 'Password should be at least N characters.': N is config.toml's minimum. */
function weakPasswordMessage(message: string): string {
  const minimum = /\d+/.exec(message)?.[0];
  return minimum ? `la password deve avere almeno ${minimum} caratteri` : 'la password è troppo debole';
}

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

  static fromPostgrest(error: PostgrestError, status: number): ApiError {
    return new ApiError({
      status,
      code: error.code,
      message: error.message,
      details: error.details,
      hint: error.hint,
    });
  }

  static fromAuth(error: AuthError): ApiError {
    const code = error.code ?? '';
    const message = code === 'weak_password' ? weakPasswordMessage(error.message) : authMessages[code];
    return new ApiError({ status: error.status ?? 0, code, message: message ?? error.message });
  }

  static from(error: unknown): ApiError {
    if (error instanceof ApiError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new ApiError({ status: 0, code: 'unknown', message });
  }
}

/** The Italian text to show for any failure. */
export function errorMessage(error: unknown): string {
  return ApiError.from(error).message;
}
