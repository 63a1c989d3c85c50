/**
 * The one writer of every CSV file the dashboard offers (decisions.md, "Files the dashboard
 * writes"): RFC 4180 (a header row, CRLF line ends, a cell quoted when it holds a comma, a quote or
 * a line end), numbers written as numbers, and a text cell that a spreadsheet would run as a
 * formula (OWASP, "CSV injection") prefixed with `'`.
 */

/** A cell: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null;

/**
 * What starts a formula (`=`, `+`, `-`, `@`, tab, carriage return), after any apostrophes: a text
 * that already begins with `'` before one gets one more, so that reading takes exactly one off.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** One cell as written: a number as it is, a text guarded against formulas, then quoted if need be. */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The file: the header row, then one row per record, each line ended by CRLF. */
export function csvFile(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A text cell as it was before csvCell guarded it (a file read back, such as a collection import). */
export function unguardCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text) ? text.slice(1) : text;
}

/**
 * A file name of the parts that say what the file holds (`history`, a card, a grade, a range), each
 * in lower case without accents, runs of anything but letters, digits, `.` and `_` as one `-` (at most
 * 60 characters a part), joined by `-`, and `.csv`.
 */
export function csvFileName(parts: readonly string[]): string {
  const words = parts
    .map((part) =>
      part
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9._]+/g, '-')
        .replace(/^[-.]+|[-.]+$/g, '')
        .slice(0, 60)
        .replace(/-+$/, ''),
    )
    .filter((part) => part !== '');
  return `${words.join('-')}.csv`;
}
