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
});
