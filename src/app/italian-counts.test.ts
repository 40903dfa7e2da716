import { describe, expect, it } from 'vitest';
import { clientTreeTexts } from '@/components/client-tree/client-tree-texts';
import { adminTexts } from '@/features/admin/texts';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { plural } from '@/lib/texts';

describe('Italian counts', () => {
  it('says one thing in the singular and anything else in the plural', () => {
    expect(plural(1, merchantLoyaltyTexts.clienti.count)).toBe('1 cliente');
    expect(plural(2, merchantLoyaltyTexts.clienti.count)).toBe('2 clienti');
    expect(plural(1, merchantLoyaltyTexts.movimenti.count)).toBe('1 movimento');
    expect(plural(0, merchantLoyaltyTexts.movimenti.count)).toBe('0 movimenti');
    expect(plural(1, merchantLoyaltyTexts.registrazioni.clientsCount)).toBe('1 cliente');
    expect(plural(1, adminTexts.merchants.count)).toBe('1 commerciante');
    expect(plural(3, adminTexts.merchants.count)).toBe('3 commercianti');
    expect(plural(1, clientLoyaltyTexts.acquisti.count)).toBe('1 acquisto');
    expect(plural(1, clientTreeTexts.count)).toBe('1 cliente');
    expect(plural(20000, clientTreeTexts.count, '20.000')).toBe('20.000 clienti');
  });
});
