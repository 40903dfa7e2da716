/** CSV for Excel in Italy: ';' between fields, decimal comma, CRLF lines, a BOM so it reads UTF-8. */

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

/** Lines of fields, already formatted, as one CSV text. */
export function csvText(lines: readonly (readonly string[])[]): string {
  return `\uFEFF${lines.map((line) => line.join(';')).join('\r\n')}\r\n`;
}
