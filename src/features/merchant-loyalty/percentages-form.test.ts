import { describe, expect, it } from 'vitest';
import { percentagesFormSchema } from '@/features/merchant-loyalty/percentages-form';

/** Each field's message as the form shows it under the field. */
const messagesOf = (draft: Record<string, string>) =>
  Object.fromEntries(
    (percentagesFormSchema.safeParse(draft).error?.issues ?? []).map((issue) => [
      issue.path[0],
      issue.message,
    ]),
  );

describe('percentagesFormSchema', () => {
  it('accepts four numbers from 0 to 100, with a comma or a dot', () => {
    expect(
      percentagesFormSchema.parse({ personal: '10', sponsor1: '5,5', sponsor2: '0', sponsor3: '100' }),
    ).toEqual({ personal: 10, sponsor1: 5.5, sponsor2: 0, sponsor3: 100 });
  });

  it('requires every field and keeps each within 0 and 100', () => {
    expect(messagesOf({ personal: '', sponsor1: '101', sponsor2: '-1', sponsor3: 'x' })).toEqual({
      personal: 'Inserisci la percentuale',
      sponsor1: 'Inserisci un numero tra 0 e 100',
      sponsor2: 'Inserisci un numero tra 0 e 100',
      sponsor3: 'Inserisci un numero tra 0 e 100',
    });
  });
});
