/**
 * The one place that decides what a failure says to a person, in Italian: by the auth service's error
 * code, the SQLSTATE of our api functions (whose messages are already Italian) or the HTTP status.
 * A server's own English text (PostgREST, PostgreSQL, fetch) is never shown.
 */

export const networkFailureText = 'Connessione assente: riprova';

const authMessages: Record<string, string> = {
  invalid_credentials: 'email o password non corretti',
  email_not_confirmed: 'indirizzo email non ancora verificato',
  user_already_exists: 'esiste già un account con questa email',
  email_exists: 'esiste già un account con questa email',
  over_email_send_rate_limit: 'troppe richieste, riprova tra un minuto',
  over_request_rate_limit: 'troppe richieste, riprova tra un minuto',
  over_sms_send_rate_limit: 'troppe richieste, riprova tra un minuto',
  otp_expired: 'link non valido o scaduto',
  user_not_found: 'account inesistente',
  same_password: 'la nuova password deve essere diversa da quella attuale',
  session_not_found: 'sessione scaduta, accedi di nuovo',
  refresh_token_not_found: 'sessione scaduta, accedi di nuovo',
  bad_jwt: 'sessione scaduta, accedi di nuovo',
  validation_failed: 'dati non validi: controlla i campi',
  email_address_invalid: 'indirizzo email non valido',
  signup_disabled: 'registrazione non consentita',
  user_banned: 'account sospeso',
};

/** PostgREST's own codes (PGRST…) and PostgreSQL's, in words a salon understands. */
const serverCodeMessages: Record<string, string> = {
  PGRST301: 'sessione scaduta, accedi di nuovo',
  PGRST302: 'sessione scaduta, accedi di nuovo',
  PGRST303: 'sessione scaduta, accedi di nuovo',
  PGRST202: 'funzione non disponibile: aggiorna la pagina',
  PGRST116: 'dato non trovato',
  '23505': 'dato già presente',
  '23503': 'dato collegato inesistente',
  '23514': 'dati non validi: controlla i campi',
  '22P02': 'dati non validi: controlla i campi',
  '22023': 'dati non validi: controlla i campi',
  '57014': 'il server non risponde: riprova',
};

/**
 * SQLSTATEs our api functions raise with an Italian message meant for the person: refusals (P0001,
 * 42501), bad values (22023), texts over their length (22001) and the sign-up limit (PT429). PostgreSQL
 * raises some of them too, in English; its messages start in lower case (its style guide), ours are
 * sentences, so only a capitalised message is shown.
 */
const italianCodes = new Set(['P0001', '42501', '22023', '22001', 'PT429']);

/** GoTrue says 'Password should be at least N characters.': N is config.toml's minimum. */
function weakPasswordMessage(message: string): string {
  const minimum = /\d+/.exec(message)?.[0];
  return minimum ? `la password deve avere almeno ${minimum} caratteri` : 'la password è troppo debole';
}

function statusMessage(status: number): string {
  if (status === 401) return 'sessione scaduta, accedi di nuovo';
  if (status === 403) return 'operazione non consentita';
  if (status === 404) return 'dato non trovato';
  if (status === 408 || status === 504) return 'il server non risponde: riprova';
  if (status === 409) return 'dato già presente';
  if (status === 413) return 'file troppo grande';
  if (status === 429) return 'troppe richieste, riprova tra un minuto';
  if (status >= 500) return 'errore del server: riprova tra qualche istante';
  return 'operazione non riuscita: riprova';
}

/** A request that never reached the server (offline, DNS, a dropped connection). */
function isNetworkFailureMessage(message: string): boolean {
  return /failed to fetch|networkerror|load failed|fetch failed|network request failed/i.test(message);
}

/** The Italian text for a failure described by the server's code, HTTP status and message. */
export function italianErrorMessage({
  code,
  status,
  message,
}: {
  code: string;
  status: number;
  message: string;
}): string {
  if (code === 'network' || (status === 0 && isNetworkFailureMessage(message))) return networkFailureText;
  if (code === 'weak_password') return weakPasswordMessage(message);
  if (code in authMessages) return authMessages[code]!;
  if (italianCodes.has(code) && /^[A-ZÀ-Ý]/.test(message)) return message;
  if (code in serverCodeMessages) return serverCodeMessages[code]!;
  return statusMessage(status);
}

/** A taken e-mail told to the platform administrator, who creates accounts for others. */
export const adminEmailTakenText = 'Esiste già un account con questa email: usane un’altra';
