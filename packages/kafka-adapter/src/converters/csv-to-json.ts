import { ConversionFailure } from './conversion-error';
import { parseCsv } from './csv';
import type { JsonValue, Payload } from './payload';
import { textOf } from './text-payload';

/**
 * `$CSV_to_JSON`: CSV text (or UTF-8 bytes) as JSON. With `headers`, a row is an object of the headers and that
 * row's fields; without, a row is an array of its fields. A record of one row gives that row; of several, an array
 * of rows. Fields stay strings: CSV has no types. A row with more or fewer fields than headers is refused.
 */
export function csvToJson(payload: Payload, headers: readonly string[] | undefined): Payload {
  const rows = parseCsv(textOf(payload));
  if (rows.length === 0) throw new ConversionFailure('the CSV text is empty');
  const values: JsonValue[] = rows.map((fields, index) => {
    if (headers === undefined) return fields;
    if (fields.length !== headers.length) {
      throw new ConversionFailure(
        `row ${index + 1} has ${fields.length} field${fields.length === 1 ? '' : 's'} but there are ${headers.length} headers (${headers.join(', ')})`,
      );
    }
    return Object.fromEntries(headers.map((header, column) => [header, fields[column] as string]));
  });
  return { kind: 'json', value: values.length === 1 ? (values[0] as JsonValue) : values };
}
