import { describe, expect, it } from 'vitest';
import { isDebit, ledgerReasonLabel, signedMoney } from '@/features/client-loyalty/credit-ledger';

describe("the credit ledger's reasons and amounts", () => {
  it('names every reason api.client_credit returns in Italian', () => {
    expect(ledgerReasonLabel('purchase')).toBe('Acquisto');
    expect(ledgerReasonLabel('generation1')).toBe('Credito da 1ª generazione');
    expect(ledgerReasonLabel('generation2')).toBe('Credito da 2ª generazione');
    expect(ledgerReasonLabel('generation3')).toBe('Credito da 3ª generazione');
    expect(ledgerReasonLabel('redemption')).toBe('Sconto utilizzato');
    expect(ledgerReasonLabel('adjustment')).toBe('Credito modificato dal salone');
  });

  it('names a reversal entry by the purchase it reverses', () => {
    expect(ledgerReasonLabel('reversal', 'Storno acquisto del 23-11-2026')).toBe(
      'Storno acquisto del 23-11-2026',
    );
    expect(ledgerReasonLabel('reversal', null)).toBe('Storno acquisto');
  });

  it('names the reward for a friend’s first visit as the database does, or in general', () => {
    expect(ledgerReasonLabel('first_visit_reward', 'Premio per la prima visita di Giulia')).toBe(
      'Premio per la prima visita di Giulia',
    );
    expect(ledgerReasonLabel('first_visit_reward')).toBe(
      'Premio per la prima visita di una persona presentata',
    );
  });

  it('has a neutral name for a reason it does not know', () => {
    expect(ledgerReasonLabel('something-new')).toBe('Movimento');
  });

  it('signs amounts: plus for credit gained, a minus sign for credit spent', () => {
    expect(signedMoney(5)).toBe('+€ 5,00');
    expect(signedMoney('1234.5')).toBe('+€ 1.234,50');
    expect(signedMoney(-12.3)).toBe('−€ 12,30');
    expect(signedMoney('-0.01')).toBe('−€ 0,01');
    expect(signedMoney(0)).toBe('€ 0,00');
    expect(isDebit('-3.00')).toBe(true);
    expect(isDebit(3)).toBe(false);
    expect(isDebit(0)).toBe(false);
  });
});
