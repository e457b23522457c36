import { ConversionFailure } from './conversion-error';

/**
 * CSV rows as RFC 4180 writes them: fields separated by commas, rows by CRLF or LF, a field in double quotes may
 * hold commas, line breaks and doubled quotes (`""`). A final line break ends the last row and adds none.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let index = 0;
  let quoted = false;
  let afterQuote = false;
  const endField = () => {
    row.push(field);
    field = '';
    afterQuote = false;
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  while (index < text.length) {
    const character = text[index] as string;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (character === '"') {
        quoted = false;
        afterQuote = true;
      } else field += character;
      index += 1;
      continue;
    }
    if (character === ',') endField();
    else if (character === '\n' || (character === '\r' && text[index + 1] === '\n')) {
      endRow();
      if (character === '\r') index += 1;
    } else if (afterQuote) {
      throw new ConversionFailure(`row ${rows.length + 1} has text after a closing quote`);
    } else if (character === '"') {
      if (field !== '') {
        throw new ConversionFailure(`row ${rows.length + 1} has a quote inside an unquoted field`);
      }
      quoted = true;
    } else field += character;
    index += 1;
  }
  if (quoted)
    throw new ConversionFailure(`row ${rows.length + 1} has a quoted field that is never closed`);
  if (field !== '' || row.length > 0 || afterQuote) endRow();
  return rows;
}
