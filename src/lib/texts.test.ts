import { describe, expect, it } from 'vitest';
import { areaTexts } from '@/lib/area-texts';
import { fill, plural, texts, toastDuration } from '@/lib/texts';

describe('fill', () => {
  it('fills named placeholders', () => {
    expect(fill(texts.registration.success, { code: 'A00001' })).toBe(
      'Registrazione completata! Il tuo codice cliente è A00001.',
    );
    expect(fill(texts.login.error, { message: 'email o password non corretti' })).toBe(
      'Errore login: email o password non corretti',
    );
  });

  it('writes the euphonic d before a name that begins with the same vowel', () => {
    const proposal = 'Proponi a {client} un’altra data per {treatment} e {note}';
    expect(fill(proposal, { client: 'Anna', treatment: 'Manicure', note: 'Entro oggi' })).toBe(
      'Proponi ad Anna un’altra data per Manicure ed Entro oggi',
    );
    expect(fill(proposal, { client: 'Bea', treatment: 'Manicure', note: 'nota' })).toBe(
      'Proponi a Bea un’altra data per Manicure e nota',
    );
    expect(fill('Unisciti a {merchant}', { merchant: 'Aurora' })).toBe('Unisciti ad Aurora');
    expect(fill('Dalla {day} alla {n}', { day: 'Anna', n: 'Anna' })).toBe('Dalla Anna alla Anna');
    expect(fill('a {x}', { y: 'Anna' })).toBe('a {x}');
  });

  it('leaves unknown placeholders as they are', () => {
    expect(fill('Ciao {name}, {other}', { name: 'Giulia' })).toBe('Ciao Giulia, {other}');
  });
});

describe('texts', () => {
  it("holds the spec's texts verbatim", () => {
    expect(texts.app.loading).toBe('Caricamento...');
    expect(texts.login.notMerchant).toBe('Accesso negato: questo account non è un commerciante');
    expect(texts.login.notClient).toBe('Accesso negato: questo account non è un cliente.');
    expect(texts.action).toMatchObject({
      invalidLink: 'Link non valido o scaduto.',
      invalidVerifyLink: 'Link verifica non valido.',
      emailVerified: 'Email verificata!',
      passwordUpdated: 'Password aggiornata, effettua il login.',
      unsupported: 'Operazione non supportata.',
    });
    expect(areaTexts.client.acquisti.empty).toBe('Nessun acquisto effettuato.');
    expect(areaTexts.admin.merchants.empty).toBe('Nessun commerciante registrato');
    expect(areaTexts.nav.signOut).toBe('Esci');
  });

  it('has no empty string anywhere', () => {
    const walk = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : Object.values(value as object).flatMap(walk);
    expect([...walk(texts), ...walk(areaTexts)].filter((text) => text.trim() === '')).toEqual([]);
  });

  it('keeps the toast durations of spec §9', () => {
    expect(toastDuration).toEqual({ short: 4000, long: 7000 });
  });
});

describe('plural', () => {
  it('picks the Italian singular for one and the plural otherwise', () => {
    const forms = ['{count} presentato', '{count} presentati'] as const;
    expect(plural(1, forms)).toBe('1 presentato');
    expect(plural(0, forms)).toBe('0 presentati');
    expect(plural(20000, forms, '20.000')).toBe('20.000 presentati');
  });
});
