import { formatDate } from '@/lib/format';

export interface CsvMovement {
  date: string;
  time: string;
  client_code: string;
  client_name: string;
  spend: number;
  discount: number;
  net: number;
}

export const movementsCsvHeaders = ['Data', 'Ora', 'Codice cliente', 'Cliente', 'Spesa', 'Sconto', 'Netto'];

/** '1234,50': two decimals, decimal comma, no grouping, as Italian spreadsheets read it. */
export function csvAmount(value: number): string {
  const cents = Math.round(Math.abs(value) * 100);
  const sign = value < 0 && cents > 0 ? '-' : '';
  return `${sign}${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/**
 * One field: quoted when it holds the separator, a quote or a line break; a text that a spreadsheet
 * would run as a formula (=, +, -, @ first) is prefixed with an apostrophe.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The movements as a CSV for Excel in Italy: a BOM so it reads UTF-8, ';' between fields, CRLF between
 * lines, Italian headers, dates dd-mm-yyyy and amounts with a decimal comma.
 */
export function movementsCsv(movements: readonly CsvMovement[]): string {
  const lines = [movementsCsvHeaders.join(';')];
  for (const movement of movements) {
    lines.push(
      [
        formatDate(movement.date),
        movement.time,
        csvField(movement.client_code),
        csvField(movement.client_name),
        csvAmount(movement.spend),
        csvAmount(movement.discount),
        csvAmount(movement.net),
      ].join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The file's name: 'movimenti_2025-03-01_2025-03-31_A00001.csv', the filter's parts that are set. */
export function movementsCsvFileName(filter: {
  dateFrom: string | null;
  dateTo: string | null;
  clientCode: string | null;
}): string {
  const parts = ['movimenti', filter.dateFrom, filter.dateTo, filter.clientCode].filter(
    (part): part is string => Boolean(part),
  );
  return `${parts.join('_').replace(/[^\w.-]/g, '')}.csv`;
}
