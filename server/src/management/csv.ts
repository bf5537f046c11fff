/** A CSV that cannot be read at all; its message names the line. */
export class CsvError extends Error {}

/**
 * Parses RFC 4180 CSV: fields separated by commas, optionally in double quotes (a quote inside
 * doubled), records ended by CRLF or LF. Answers the records with the line each starts on. A quote
 * left open is refused rather than read to the end: it would swallow every later row unreported.
 */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let quoteLine = 1;
  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    if (fields.length > 1 || fields[0] !== '') records.push({ line: start, fields });
    fields = [];
  };
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else field += char;
  }
  if (quoted) throw new CsvError(`line ${quoteLine}: a quoted field is not closed.`);
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
