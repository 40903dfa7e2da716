import { describe, expect, it } from 'vitest';
import { emailRule, nameRule, passwordRule, reasonFormSchema } from '@/lib/input-rules';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('input rules shared by the forms', () => {
  it('the password minimum follows the configured length, the maximum is bcrypt’s 72', () => {
    expect(firstError(passwordRule(12).safeParse('undicicar11'))).toBe(
      'La password deve avere almeno 12 caratteri',
    );
    expect(passwordRule(12).safeParse('dodicicar12!').success).toBe(true);
    expect(firstError(passwordRule(6).safeParse('12345'))).toBe('La password deve avere almeno 6 caratteri');
    expect(firstError(passwordRule(6).safeParse('x'.repeat(73)))).toBe(
      'La password può contenere al massimo 72 caratteri',
    );
  });

  it('names and e-mails are bounded as the database bounds them', () => {
    expect(nameRule.safeParse(' Maria ').data).toBe('Maria');
    expect(firstError(nameRule.safeParse('x'.repeat(101)))).toBe(
      'Il nome può contenere al massimo 100 caratteri',
    );
    expect(firstError(emailRule.safeParse(`${'x'.repeat(250)}@example.it`))).toBe(
      "L'email può contenere al massimo 254 caratteri",
    );
  });

  it('a reason is required, trimmed and at most 500 characters', () => {
    const reason = reasonFormSchema('Il motivo è obbligatorio');
    expect(reason.safeParse({ reason: '  Doppia prenotazione ' }).data).toEqual({
      reason: 'Doppia prenotazione',
    });
    expect(firstError(reason.safeParse({ reason: '   ' }))).toBe('Il motivo è obbligatorio');
    expect(firstError(reason.safeParse({ reason: 'x'.repeat(501) }))).toBe(
      'La nota può contenere al massimo 500 caratteri',
    );
  });
});
