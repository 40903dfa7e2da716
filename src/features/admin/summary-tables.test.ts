import { describe, expect, it } from 'vitest';
import type { CampaignSummary } from '@/features/admin/api/get-campaign-summaries';
import { summaryTables } from '@/features/admin/summary-tables';

const summary: CampaignSummary = {
  merchant_id: 'm1',
  slug: 'bellezza',
  name: 'Bellezza',
  clients: { total: 20000, yesterday: 2, last_week: 5, last_month: 7 },
  presentations: {
    first: { total: 3, yesterday: 1, last_week: 2 },
    second: { total: 1, yesterday: 0, last_week: 1 },
    third: { total: 0, yesterday: 0, last_week: 0 },
  },
  gross: { total: 1234.5, yesterday: 10, last_week: 100 },
  discounts: { total: 4.5, yesterday: 0, last_week: 4.5 },
  net: { total: 1230, yesterday: 10, last_week: 95.5 },
  revenue: {
    unsponsored: { total: 1000, yesterday: 10 },
    generation1: { total: 200, yesterday: 0 },
    generation2: { total: 30, yesterday: 0 },
    generation3: { total: 0, yesterday: 0 },
  },
};

describe('summaryTables', () => {
  const tables = summaryTables(summary);

  it('lays out every figure of the campaign summary with its windows', () => {
    expect(tables.map((table) => [table.title, table.windows])).toEqual([
      ['Clienti', ['total', 'yesterday', 'last_week', 'last_month']],
      ['Presentazioni', ['total', 'yesterday', 'last_week']],
      ['Incassi', ['total', 'yesterday', 'last_week']],
      ['Fatturato per generazione', ['total', 'yesterday']],
    ]);
    expect(tables.flatMap((table) => table.rows.map((row) => row.label))).toEqual([
      'Clienti registrati',
      'Prime presentazioni',
      'Seconde presentazioni',
      'Terze presentazioni',
      'Fatturato lordo',
      'Sconti utilizzati',
      'Fatturato netto',
      'Clienti senza sponsor',
      '1ª generazione',
      '2ª generazione',
      '3ª generazione e oltre',
    ]);
  });

  it('formats counts and money in Italian', () => {
    expect(tables[0]?.rows[0]?.values).toEqual(['20.000', '2', '5', '7']);
    expect(tables[1]?.rows[0]?.values).toEqual(['3', '1', '2']);
    expect(tables[2]?.rows[0]?.values).toEqual(['€ 1.234,50', '€ 10,00', '€ 100,00']);
    expect(tables[3]?.rows[1]?.values).toEqual(['€ 200,00', '€ 0,00']);
  });
});
