import { pipeline, Readable } from 'node:stream';

import { stringify } from 'csv-stringify';

/** One CSV row: a value per column; null and undefined leave the cell empty. */
export type CsvRecord<Column extends string> = Record<Column, unknown>;

/**
 * A CSV download that spreadsheets open safely and correctly (docs/security.md, "CSV exports"):
 * - a cell that starts with =, +, - or @ (or a tab or carriage return, or their full-width forms) is
 *   prefixed with a quote, so another user's text (a campaign or venue name, a review) is shown, never
 *   run as a formula (csv-stringify's `escape_formulas`; a negative number stays a number);
 * - a UTF-8 byte order mark first, without which Excel reads "Café" as "CafÃ©";
 * - RFC 4180 quoting and CRLF line ends; booleans as true/false, dates as ISO 8601 instants.
 * `rows` is read as the answer is sent, so a large export streams in constant memory. An error while
 * reading them destroys the stream (the download breaks off rather than ending as if complete).
 */
export function csvStream<Column extends string>(
  columns: readonly Column[],
  rows: AsyncIterable<CsvRecord<Column>> | Iterable<CsvRecord<Column>>,
): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: columns.map((key) => ({ key })),
    record_delimiter: '\r\n',
    escape_formulas: true,
    cast: {
      boolean: (value) => String(value),
      date: (value) => value.toISOString(),
    },
  });
  return pipeline(Readable.from(rows), csv, () => undefined);
}
