import { describe, expect, it } from 'vitest';
import type { ClientData } from '@/features/client-loyalty/api/export-client-data';
import { clientDataCsv, clientDataFileName } from '@/features/client-loyalty/client-data-csv';

const data: ClientData = {
  exported_at: '2026-11-24T09:30:00Z',
  privacy_notice_version: '2026-11-24',
  salon: { name: 'Salone Aurora', slug: 'saloneaurora' },
  profile: {
    code: 'A00002',
    name: 'Maria; "Mari" Rossi',
    email: 'maria@example.test',
    phone: null,
    registered_at: '2026-11-20T08:00:00Z',
    generation: 1,
    sponsor_code: 'A00001',
    available_credit: '4.50',
  },
  purchases: [
    {
      created_at: '2026-11-21T10:15:00Z',
      spend: 100,
      discount: 10,
      net: 90,
      reversal: false,
      reversal_reason: null,
    },
  ],
  credit_ledger: [
    { created_at: '2026-11-21T10:15:00Z', kind: 'generation0', amount: '4.50' },
    { created_at: '2026-11-21T10:15:00Z', kind: 'redemption', amount: -10 },
  ],
  reservations: [
    {
      starts_at: '2026-11-25T14:00:00Z',
      ends_at: '2026-11-25T15:00:00Z',
      treatment: 'Piega',
      operator: null,
      status: 'confermata',
      notes: '=HYPERLINK("x")',
      created_at: '2026-11-21T10:00:00Z',
    },
  ],
  consents: [
    { kind: 'privacy', granted: true, notice_version: '2026-11-24', recorded_at: '2026-11-20T08:00:00Z' },
    { kind: 'marketing', granted: false, notice_version: '2026-11-24', recorded_at: '2026-11-20T08:00:00Z' },
  ],
};

describe("the customer's data as CSV", () => {
  const lines = clientDataCsv(data)
    .replace(/^\uFEFF/, '')
    .split('\r\n');

  it('has one section per table, each with its header, separated by an empty line', () => {
    const titles = ['Profilo', 'Acquisti', 'Movimenti di credito', 'Prenotazioni', 'Consensi'];
    for (const title of titles) {
      const at = lines.indexOf(title);
      expect(at, title).toBeGreaterThan(0);
      expect(lines[at - 1], title).toBe('');
    }
    expect(lines[lines.indexOf('Acquisti') + 2]).toBe('21-11-2026 11:15;100,00;10,00;90,00;No;');
    expect(lines[lines.indexOf('Movimenti di credito') + 2]).toBe('21-11-2026 11:15;Acquisto;4,50');
    expect(lines[lines.indexOf('Movimenti di credito') + 3]).toBe(
      '21-11-2026 11:15;Sconto utilizzato;-10,00',
    );
    expect(lines[lines.indexOf('Consensi') + 2]).toBe(
      'Informativa sulla privacy;Sì;2026-11-24;20-11-2026 09:00',
    );
    expect(lines[lines.indexOf('Consensi') + 3]).toBe(
      'Comunicazioni promozionali;No;2026-11-24;20-11-2026 09:00',
    );
  });

  it('quotes separators and defuses formulas', () => {
    expect(lines).toContain('Nome;"Maria; ""Mari"" Rossi"');
    expect(lines[lines.indexOf('Prenotazioni') + 2]).toBe(
      `25-11-2026 15:00;25-11-2026 16:00;Piega;;confermata;"'=HYPERLINK(""x"")"`,
    );
  });

  it('names the files after the salon and the client code', () => {
    expect(clientDataFileName(data, 'csv')).toBe('dati_saloneaurora_A00002.csv');
    expect(clientDataFileName(data, 'json')).toBe('dati_saloneaurora_A00002.json');
  });
});
