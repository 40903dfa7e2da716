import { describe, expect, it } from 'vitest';
import {
  editOperatorFormSchema,
  newOperatorFormSchema,
  salonLogoFormSchema,
} from '@/features/booking-merchant/operator-and-logo-forms';

const photo = new File([new Uint8Array([1, 2, 3])], 'giulia.webp', { type: 'image/webp' });
const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the operator forms (spec §5)', () => {
  it('a new operator needs a name and a photo, each with its Italian message', () => {
    expect(newOperatorFormSchema.parse({ name: ' Giulia ', photo })).toEqual({ name: 'Giulia', photo });
    expect(messages(newOperatorFormSchema.safeParse({ name: '  ', photo: null }))).toEqual([
      'Inserisci il nome dell’operatore',
      'Scegli una foto dell’operatore',
    ]);
    expect(messages(newOperatorFormSchema.safeParse({ name: 'x'.repeat(101), photo }))).toEqual([
      'Il nome può contenere al massimo 100 caratteri',
    ]);
  });

  it('an operator edited keeps the photo unless a new one is picked', () => {
    expect(editOperatorFormSchema.parse({ name: 'Giulia', photo: null })).toEqual({
      name: 'Giulia',
      photo: null,
    });
    expect(messages(editOperatorFormSchema.safeParse({ name: '', photo: null }))).toEqual([
      'Inserisci il nome dell’operatore',
    ]);
  });

  it('the salon logo needs a picture picked', () => {
    expect(salonLogoFormSchema.parse({ logo: photo })).toEqual({ logo: photo });
    expect(messages(salonLogoFormSchema.safeParse({ logo: null }))).toEqual([
      'Scegli un’immagine per il logo',
    ]);
  });
});
