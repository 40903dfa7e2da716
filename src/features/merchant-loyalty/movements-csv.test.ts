import { describe, expect, it } from 'vitest';
import { movementsCsv, movementsCsvFileName } from '@/features/merchant-loyalty/movements-csv';

describe('movementsCsv', () => {
  it('writes Italian headers, ; separators, dd-mm-yyyy dates and decimal commas', () => {
    const csv = movementsCsv([
      {
        date: '2025-03-09',
        time: '17:05:09',
        client_code: 'A00002',
        client_name: 'Bea Verdi',
        spend: 1234.5,
        discount: 0.3,
        net: 1234.2,
        receipt_number: '0012-0034',
      },
      {
        date: '2025-03-08',
        time: '09:00:00',
        client_code: 'A00001',
        client_name: 'Anna',
        spend: 40,
        discount: 5,
        net: 35,
        receipt_number: null,
      },
    ]);
    expect(csv).toBe(
      '\uFEFFData;Ora;Codice cliente;Cliente;Spesa;Sconto;Netto;Documento\r\n' +
        '09-03-2025;17:05:09;A00002;Bea Verdi;1234,50;0,30;1234,20;0012-0034\r\n' +
        '08-03-2025;09:00:00;A00001;Anna;40,00;5,00;35,00;\r\n',
    );
  });

  it('writes only the header line when there is nothing to export', () => {
    expect(movementsCsv([])).toBe('\uFEFFData;Ora;Codice cliente;Cliente;Spesa;Sconto;Netto;Documento\r\n');
  });
});

describe('movementsCsvFileName', () => {
  it('names the file after the filter', () => {
    expect(movementsCsvFileName({ dateFrom: null, dateTo: null, clientCode: null })).toBe('movimenti.csv');
    expect(movementsCsvFileName({ dateFrom: '2025-03-01', dateTo: '2025-03-31', clientCode: 'A00001' })).toBe(
      'movimenti_2025-03-01_2025-03-31_A00001.csv',
    );
  });
});
