// CSV request bodies (`Content-Type: text/csv`) as PostgREST reads them: the first line names the columns, fields
// may be double-quoted (with "" for a quote), an empty field is an empty string and an unquoted NULL is null.
import { invalidBody } from '../errors.ts';

type Field = { value: string; quoted: boolean };

/** Splits CSV text into records of fields, RFC 4180 style; CRLF and LF both end a record. */
function records(text: string): Field[][] {
  const rows: Field[][] = [];
  let row: Field[] = [];
  let i = 0;
  const atRecordEnd = () => i >= text.length || text[i] === '\n' || text[i] === '\r';
  while (i <= text.length) {
    let value = '';
    let quoted = false;
    if (text[i] === '"') {
      quoted = true;
      i++;
      for (;;) {
        if (i >= text.length) throw invalidBody('Error parsing CSV: unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i++];
      }
      if (!atRecordEnd() && text[i] !== ',') throw invalidBody('Error parsing CSV: unexpected text after a quote');
    } else {
      while (!atRecordEnd() && text[i] !== ',') value += text[i++];
    }
    row.push({ value, quoted });
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text[i] === '\r' && text[i + 1] === '\n') i++;
    i++;
    rows.push(row);
    row = [];
    if (i >= text.length) break;
  }
  return rows.filter((fields) => !(fields.length === 1 && fields[0].value === '' && !fields[0].quoted));
}

/** The body as a JSON array of objects keyed by the header line, for the same SQL as a JSON body. */
export function csvToJson(text: string): { raw: string; keys: string[] } {
  const [header, ...rest] = records(text);
  if (!header) return { raw: '[]', keys: [] };
  const keys = header.map((field) => field.value);
  const rows = rest.map((fields) => {
    if (fields.length !== keys.length) throw invalidBody('All lines must have same number of fields');
    return Object.fromEntries(
      fields.map((field, i) => [keys[i], !field.quoted && field.value === 'NULL' ? null : field.value]),
    );
  });
  return { raw: JSON.stringify(rows), keys };
}
