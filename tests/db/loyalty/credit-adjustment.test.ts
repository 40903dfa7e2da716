import { beforeAll, describe, expect, it } from 'vitest';
import { joinAsClient } from '../../support/personas.ts';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  cents,
  createAdmin,
  expectOk,
  expectRefused,
  openSalon,
  type Salon,
} from '../../support/fixtures.ts';

interface LedgerRow {
  amount: number;
  reason: string;
  note: string | null;
}

describe('loyalty: credit the salon gives or corrects by hand', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Omaggi');
    other = await openSalon(server, admin, 'Salone Altri Omaggi');
  });

  const adjust = (who: Salon, amount: unknown, reason: unknown, code = salon.member.client_code) =>
    who.owner.client.rpc('adjust_credit', { client_code: code, amount, reason });
  const balanceAndLedger = async (clientId: string) => {
    const { rows } = await server.server.context.db.query<{ balance: string; ledger: string }>(
      `select c.available_credit as balance,
              (select coalesce(sum(l.amount), 0) from app.credit_ledger l where l.client_id = c.id) as ledger
         from app.clients c where c.id = $1`,
      [clientId],
    );
    return [cents(rows[0]!.balance), cents(rows[0]!.ledger)];
  };

  it('adds and removes credit with a reason the customer reads in Crediti; the ledger equals the balance', async () => {
    expect(expectOk<{ message: string }>(await adjust(salon, 10, 'Omaggio di compleanno')).message).toBe(
      'Credito aggiornato',
    );
    const after = expectOk<{ available_credit: number }>(await adjust(salon, -2.5, 'Correzione errore'));
    expect(cents(after.available_credit)).toBe(750);
    expect(await balanceAndLedger(salon.member.client_id)).toEqual([750, 750]);

    const credit = expectOk<{ available_credit: number; ledger: LedgerRow[] }>(
      await salon.client.client.rpc('client_credit', { merchant_slug: salon.merchant.slug }),
    );
    expect(cents(credit.available_credit)).toBe(750);
    expect(credit.ledger.map((row) => [row.reason, cents(row.amount), row.note])).toEqual([
      ['adjustment', -250, 'Correzione errore'],
      ['adjustment', 1000, 'Omaggio di compleanno'],
    ]);

    const statistics = expectOk<{ adjustments: { given: number; removed: number; count: number } }>(
      await salon.owner.client.rpc('merchant_statistics'),
    );
    expect(statistics.adjustments).toMatchObject({ count: 2 });
    expect([cents(statistics.adjustments.given), cents(statistics.adjustments.removed)]).toEqual([1000, 250]);
  });

  it('refuses a missing reason, a bad amount and a negative balance, saving nothing', async () => {
    expectRefused(await adjust(salon, 5, '  '), 'Inserisci il motivo della modifica del credito');
    const badAmount = "L'importo deve essere diverso da zero, al massimo € 10.000,00, con due decimali";
    expectRefused(await adjust(salon, 0, 'Niente'), badAmount);
    expectRefused(await adjust(salon, 1.234, 'Decimali'), badAmount);
    expectRefused(await adjust(salon, 20000, 'Troppo'), badAmount);
    expectRefused(await adjust(salon, -7.51, 'Troppo poco credito'), 'Il credito non può diventare negativo');
    expect(await balanceAndLedger(salon.member.client_id)).toEqual([750, 750]);
    expectOk(await adjust(salon, -7.5, 'Azzera il credito'));
    expect(await balanceAndLedger(salon.member.client_id)).toEqual([0, 0]);
  });

  it('is the salon’s own: another salon and the customer are refused', async () => {
    expectRefused(await adjust(other, 5, 'Omaggio'), 'Cliente non trovato');
    const byCustomer = await salon.client.client.rpc('adjust_credit', {
      client_code: salon.member.client_code,
      amount: 5,
      reason: 'Da sola',
    });
    expect(byCustomer.error).not.toBeNull();
    expect(await balanceAndLedger(salon.member.client_id)).toEqual([0, 0]);
  });

  it('refuses an erased client', async () => {
    const { joined, persona } = await joinAsClient(server, salon.merchant.slug, { name: 'Rita Blu' });
    expectOk(
      await persona.client.rpc('erase_my_account', {
        merchant_slug: salon.merchant.slug,
        confirmation: 'ELIMINA',
      }),
    );
    expectRefused(
      await adjust(salon, 5, 'Omaggio', joined.client_code),
      'Cliente rimosso: non può più fare acquisti né usare credito',
    );
    expect(await balanceAndLedger(joined.client_id)).toEqual([0, 0]);
  });
});
