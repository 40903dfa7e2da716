import { isPostgresError } from '../db/port.ts';

/** PostgREST's error body; `details` and `hint` may be null. */
export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export class PostgrestError extends Error {
  readonly status: number;
  readonly body: PostgrestErrorBody;

  constructor(status: number, body: PostgrestErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }

  static of(
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
  ) {
    return new PostgrestError(status, { code, message, details, hint });
  }
}

const classStatus: [prefix: string, status: number][] = [
  ['08', 503],
  ['53', 503],
  ['57P01', 503],
  ['0L', 403],
  ['0P', 403],
  ['28', 403],
  ['42P17', 500],
  ['P0', 500],
  ['09', 500],
  ['25', 500],
  ['2D', 500],
  ['38', 500],
  ['39', 500],
  ['3B', 500],
  ['40', 500],
  ['54', 500],
  ['55', 500],
  ['57', 500],
  ['58', 500],
  ['F0', 500],
  ['HV', 500],
  ['XX', 500],
];

const exactStatus: Record<string, number> = {
  P0001: 400,
  '22P02': 400,
  '23505': 409,
  '23503': 409,
  '42883': 404,
  '42P01': 404,
  '25006': 405,
};

/** PostgREST's SQLSTATE → HTTP status mapping. */
export function statusForSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '22023') return 400;
  if (/^PT\d{3}$/.test(code)) {
    const status = Number(code.slice(2));
    return status >= 100 && status <= 599 ? status : 500;
  }
  if (code in exactStatus) return exactStatus[code]!;
  const match = classStatus.find(([prefix]) => code.startsWith(prefix));
  return match ? match[1] : 400;
}

/** Turns anything a database call threw into PostgREST's error; never leaks a stack trace. */
export function toPostgrestError(error: unknown, role: string): PostgrestError {
  if (error instanceof PostgrestError) return error;
  if (isPostgresError(error) && error.code) {
    if (error.code === '22023' && /role .* does not exist/.test(error.message)) {
      return PostgrestError.of(401, error.code, error.message);
    }
    return new PostgrestError(statusForSqlState(error.code, role), {
      code: error.code,
      message: error.message,
      details: error.detail ?? null,
      hint: error.hint ?? null,
    });
  }
  return PostgrestError.of(500, 'PGRST000', 'Internal server error');
}
