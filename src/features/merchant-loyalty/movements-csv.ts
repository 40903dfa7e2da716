import { csvAmount, csvField, csvText } from '@/lib/csv';
import { formatDate } from '@/lib/format';

interface CsvMovement {
  date: string;
  time: string;
  client_code: string;
  client_name: string;
  spend: number;
  discount: number;
  net: number;
  receipt_number: string | null;
}

const movementsCsvHeaders = [
  'Data',
  'Ora',
  'Codice cliente',
  'Cliente',
  'Spesa',
  'Sconto',
  'Netto',
  'Documento',
];

/**
 * The movements as a CSV for Excel in Italy: a BOM so it reads UTF-8, ';' between fields, CRLF between
 * lines, Italian headers, dates dd-mm-yyyy and amounts with a decimal comma.
 */
export function movementsCsv(movements: readonly CsvMovement[]): string {
  return csvText([
    movementsCsvHeaders,
    ...movements.map((movement) => [
      formatDate(movement.date),
      movement.time,
      csvField(movement.client_code),
      csvField(movement.client_name),
      csvAmount(movement.spend),
      csvAmount(movement.discount),
      csvAmount(movement.net),
      csvField(movement.receipt_number ?? ''),
    ]),
  ]);
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
