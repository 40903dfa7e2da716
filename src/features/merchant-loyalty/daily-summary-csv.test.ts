import { describe, expect, it } from 'vitest';
import { dailySummaryCsv, summaryPeriod } from '@/features/merchant-loyalty/daily-summary-csv';

describe('dailySummaryCsv', () => {
  it('writes one line a day with counts, amounts with a decimal comma and the receipts', () => {
    expect(
      dailySummaryCsv([
        {
          date: '2026-11-27',
          purchases: 3,
          reversals: 1,
          gross: 40,
          discounts: 5,
          net: 35,
          receipts: '0012-0034 ANN-0001',
        },
      ]),
    ).toBe(
      '\uFEFFData;Acquisti;Storni;Lordo;Sconti;Netto;Documenti\r\n27-11-2026;3;1;40,00;5,00;35,00;0012-0034 ANN-0001\r\n',
    );
  });

  it('covers the filter’s dates, or this month up to today', () => {
    expect(summaryPeriod({ dateFrom: null, dateTo: null }, '2026-11-28')).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-28',
    });
    expect(summaryPeriod({ dateFrom: '2026-10-02', dateTo: '2026-10-09' }, '2026-11-28')).toEqual({
      dateFrom: '2026-10-02',
      dateTo: '2026-10-09',
    });
  });
});
