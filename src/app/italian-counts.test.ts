import { describe, expect, it } from 'vitest';
import { clientTreeTexts } from '@/components/client-tree/client-tree-texts';
import { adminTexts } from '@/features/admin/texts';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { fill, plural } from '@/lib/texts';

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

  it('agrees in number in the admin summary and the booking screens', () => {
    const summary = (count: number) =>
      fill(plural(count, adminTexts.riepilogo.closedSummary), { net: '€ 0,00' });
    expect(summary(1)).toBe('1 cliente · netto € 0,00');
    expect(summary(2)).toBe('2 clienti · netto € 0,00');
    const b = bookingMerchantTexts;
    expect(plural(1, b.prenotazioni.count)).toBe('1 prenotazione');
    expect(plural(1, b.agenda.appointments)).toBe('1 appuntamento');
    expect(plural(3, b.agenda.appointments)).toBe('3 appuntamenti');
    expect(plural(1, b.visit.completed)).toBe('1 visita completata');
    expect(plural(2, b.visit.completed)).toBe('2 visite completate');
    expect(plural(1, b.visit.noShows)).toBe('1 assenza');
    expect(fill(plural(1, b.impostazioni.deleteBlocked), { name: 'Giulia' })).toMatch(
      /^Giulia ha 1 appuntamento futuro confermato: .* lo annulli/,
    );
    expect(fill(plural(2, b.impostazioni.deleteWaiting), { name: 'Giulia' })).toMatch(
      /^2 richieste in attesa che indicano Giulia passeranno/,
    );
    expect(plural(1, merchantLoyaltyTexts.clienti.signals.count)).toBe('1 segnalazione');
    expect(plural(1, merchantLoyaltyTexts.statistiche.referrals)).toBe('1 presentato');
    expect(plural(1, adminTexts.albero.count)).toBe('1 cliente');
  });
});
