import { describe, expect, it } from 'vitest';
import { adminFailureText, ApiError, errorMessage, failureText } from '@/lib/api-error';
import { italianErrorMessage, networkFailureText } from '@/lib/error-messages';

describe('italianErrorMessage', () => {
  it('says a failed fetch is a missing connection', () => {
    expect(networkFailureText).toBe('Connessione assente: riprova');
    for (const message of [
      'TypeError: Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
    ])
      expect(italianErrorMessage({ code: '', status: 0, message })).toBe(networkFailureText);
  });

  it("keeps our api functions' Italian messages", () => {
    const message = 'Esiste già un commerciante con questo nome';
    expect(italianErrorMessage({ code: 'P0001', status: 400, message })).toBe(message);
    expect(italianErrorMessage({ code: '42501', status: 403, message: 'Utente non autenticato' })).toBe(
      'Utente non autenticato',
    );
  });

  it('keeps the Italian bound and limit refusals of the api, never PostgreSQL English under the same code', () => {
    const tooLong = 'Il nome può contenere al massimo 100 caratteri';
    expect(italianErrorMessage({ code: '22001', status: 400, message: tooLong })).toBe(tooLong);
    const notANumber = "L'importo di spesa non è un numero valido";
    expect(italianErrorMessage({ code: '22023', status: 400, message: notANumber })).toBe(notANumber);
    expect(
      italianErrorMessage({
        code: '22001',
        status: 400,
        message: 'value too long for type character varying(5)',
      }),
    ).toBe('operazione non riuscita: riprova');
    expect(italianErrorMessage({ code: '22023', status: 400, message: 'invalid parameter value' })).toBe(
      'dati non validi: controlla i campi',
    );
  });

  it('names the configured password minimum the auth service reports', () => {
    const message = 'Password should be at least 12 characters.';
    expect(italianErrorMessage({ code: 'weak_password', status: 422, message })).toBe(
      'la password deve avere almeno 12 caratteri',
    );
  });

  it("never shows PostgreSQL's or PostgREST's English text", () => {
    expect(
      italianErrorMessage({ code: '42501', status: 403, message: 'permission denied for function x' }),
    ).toBe('operazione non consentita');
    expect(italianErrorMessage({ code: 'PGRST301', status: 401, message: 'JWT expired' })).toBe(
      'sessione scaduta, accedi di nuovo',
    );
    expect(italianErrorMessage({ code: '23505', status: 409, message: 'duplicate key value' })).toBe(
      'dato già presente',
    );
    expect(italianErrorMessage({ code: 'XX000', status: 500, message: 'internal error' })).toBe(
      'errore del server: riprova tra qualche istante',
    );
    expect(italianErrorMessage({ code: 'unknown', status: 0, message: 'Something odd' })).toBe(
      'operazione non riuscita: riprova',
    );
  });

  it("puts the auth service's codes in Italian", () => {
    expect(italianErrorMessage({ code: 'invalid_credentials', status: 400, message: 'Invalid login' })).toBe(
      'email o password non corretti',
    );
    expect(italianErrorMessage({ code: 'over_request_rate_limit', status: 429, message: 'Too many' })).toBe(
      'troppe richieste, riprova tra un minuto',
    );
  });
});

describe('ApiError and failureText', () => {
  it('turns a thrown TypeError into the network failure, alone, whatever the template', () => {
    const error = ApiError.from(new TypeError('Failed to fetch'));
    expect(error.isNetworkFailure).toBe(true);
    expect(failureText('Impossibile caricare i dati: {message}', error)).toBe('Connessione assente: riprova');
  });

  it('fills the template with the Italian message otherwise', () => {
    const error = new ApiError({ status: 400, code: 'P0001', message: 'Importo non valido' });
    expect(failureText('Errore: {message}', error)).toBe('Errore: Importo non valido');
    expect(errorMessage(error)).toBe('Importo non valido');
  });
});

describe('adminFailureText', () => {
  const template = 'Errore registrazione commerciante: {message}';

  it('tells the administrator about a taken e-mail, by the hint SQL raises, without asking them to sign in', () => {
    const taken = new ApiError({
      status: 400,
      code: 'P0001',
      message: 'Email già registrata: accedi per continuare',
      hint: 'email_exists',
    });
    expect(adminFailureText(template, taken)).toBe(
      'Errore registrazione commerciante: Esiste già un account con questa email: usane un’altra',
    );
  });

  it("does the same for the auth service's code", () => {
    const taken = new ApiError({
      status: 422,
      code: 'email_exists',
      message: 'esiste già un account con questa email',
    });
    expect(adminFailureText(template, taken)).toBe(
      'Errore registrazione commerciante: Esiste già un account con questa email: usane un’altra',
    );
  });

  it('keeps every other failure as failureText says it, whatever its words', () => {
    const other = new ApiError({
      status: 400,
      code: 'P0001',
      message: 'Email già registrata: accedi per continuare',
    });
    expect(adminFailureText(template, other)).toBe(failureText(template, other));
    const name = new ApiError({
      status: 400,
      code: 'P0001',
      message: 'Esiste già un commerciante con questo nome',
    });
    expect(adminFailureText(template, name)).toBe(
      'Errore registrazione commerciante: Esiste già un commerciante con questo nome',
    );
  });
});
