import { afterAll, describe, expect, it, vi } from 'vitest';
import { maxLength } from '@/lib/input-limits';
import { fill, texts } from '@/lib/texts';

describe('the platform admin’s new merchant', () => {
  afterAll(() => vi.unstubAllGlobals());

  it('asks for the password minimum the server configured, like every other password form', async () => {
    vi.stubGlobal('window', {
      __PASSAPAROLA_CONFIG__: { supabaseAnonKey: 'anon', minimumPasswordLength: 10 },
      location: { origin: 'http://localhost:54321' },
    });
    const { createMerchantInputSchema } = await import('@/features/admin/api/create-merchant');
    const merchant = { name: 'Salone Uno', phone: '333 1234567', email: 'uno@example.it', website: '' };

    const short = createMerchantInputSchema.safeParse({ ...merchant, password: '123456789' });
    expect(short.error?.issues.map((issue) => issue.message)).toEqual([
      fill(texts.validation.passwordTooShort, { min: '10' }),
    ]);
    expect(createMerchantInputSchema.safeParse({ ...merchant, password: '1234567890' }).success).toBe(true);
    const long = createMerchantInputSchema.safeParse({
      ...merchant,
      password: 'x'.repeat(maxLength.password + 1),
    });
    expect(long.error?.issues.map((issue) => issue.message)).toEqual([
      fill(texts.validation.passwordTooLong, { max: String(maxLength.password) }),
    ]);
  });

  it('refuses a website that is not a web address, with the database’s Italian message', async () => {
    const { createMerchantInputSchema } = await import('@/features/admin/api/create-merchant');
    const { adminTexts } = await import('@/features/admin/texts');
    const merchant = {
      name: 'Salone Uno',
      phone: '333 1234567',
      email: 'uno@example.it',
      password: 'password123',
    };
    for (const website of ['ciao', 'mario@salone.it', 'https://salone', 'ftp://salone.it']) {
      const result = createMerchantInputSchema.safeParse({ ...merchant, website });
      expect(
        result.error?.issues.map((issue) => issue.message),
        website,
      ).toEqual([adminTexts.merchants.websiteInvalid]);
    }
    for (const website of ['https://www.salone.it', 'salone.it/orari', ' centro.già.it ', '']) {
      expect(createMerchantInputSchema.safeParse({ ...merchant, website }).success, website).toBe(true);
    }
  });
});
