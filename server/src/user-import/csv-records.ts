import { Readable } from 'node:stream';
import { CsvError, type Options, parse } from 'csv-parse';
import type { AppSettings } from '../apps/app-settings.js';
import { type ImportRecord, USER_FIELDS } from './import-row.js';
import { ImportFileError } from './import-text.js';

/** The columns of a CSV that are the user's; any other one is a metadata field the app declares. */
const USER_COLUMNS: readonly string[] = USER_FIELDS.filter((name) => name !== 'user_metadata');

/**
 * The longest record read, in characters: far above any user, and it stops a quote left open from
 * reading the rest of a large file into one field.
 */
const MAX_RECORD_LENGTH = 1024 * 1024;

interface CsvRecord {
  /** The line the record starts on (a quoted field may span lines). */
  line: number;
  fields: string[];
}

/** What a CSV error says, in words about the file rather than the parser. */
function describeCsvError(error: CsvError): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted field is not closed.';
  if (error.code === 'CSV_MAX_RECORD_SIZE') {
    return `a record runs on for over ${MAX_RECORD_LENGTH / 1024 / 1024} MiB: is a quoted field left open?`;
  }
  return `${error.message}.`;
}

/**
 * Parses RFC 4180 CSV as it streams (csv-parse): fields separated by commas, optionally in double quotes (a
 * quote inside doubled), records ended by CRLF, LF or CR, blank lines skipped. Each record comes with the
 * line it starts on. A CSV that cannot be parsed throws ImportFileError naming that line.
 */
async function* parseCsv(text: AsyncIterable<string> | Iterable<string>): AsyncGenerator<CsvRecord> {
  let lastLine = 0;
  let lastEmptyLines = 0;
  /** Where the record after the last one starts: past the line the last one ended on and the blank lines since. */
  const nextStart = (emptyLines: number) => lastLine + 1 + (emptyLines - lastEmptyLines);
  const options: Options<CsvRecord, string[]> = {
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    max_record_size: MAX_RECORD_LENGTH,
    on_record: (fields: string[], { lines, empty_lines }): CsvRecord => {
      const line = nextStart(empty_lines);
      lastLine = lines;
      lastEmptyLines = empty_lines;
      return { line, fields };
    },
  };
  // The overloads type on_record only for records left as string lists.
  const parser = parse(options as unknown as Options);
  const source = Readable.from(text);
  // pipe() passes data on, not errors: a source that fails (not UTF-8) ends the parse with its error.
  source.once('error', (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    for await (const record of parser) yield record as CsvRecord;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = nextStart(typeof error.empty_lines === 'number' ? error.empty_lines : lastEmptyLines);
    throw new ImportFileError(`line ${line}: ${describeCsvError(error)}`);
  } finally {
    source.destroy();
  }
}

/** The header's columns, or ImportFileError for one the import cannot read. */
function readHeader(header: CsvRecord, app: AppSettings): string[] {
  const names = header.fields.map((name) => name.trim());
  const at = `line ${header.line}:`;
  const unnamed = names.indexOf('');
  if (unnamed !== -1) throw new ImportFileError(`${at} column ${unnamed + 1} has no name.`);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new ImportFileError(`${at} the column "${twice}" appears twice.`);
  const metadata = app.user_metadata_schema.map((field) => field.field_name);
  const unknown = names.find((name) => !USER_COLUMNS.includes(name) && !metadata.includes(name));
  if (unknown !== undefined) {
    const fields = metadata.length > 0 ? `, and the app's metadata fields: ${metadata.join(', ')}` : '';
    throw new ImportFileError(
      `${at} unknown column "${unknown}". The columns are ${USER_COLUMNS.join(', ')}${fields}.`,
    );
  }
  if (!names.includes('email') && !names.includes('phone')) {
    throw new ImportFileError(`${at} the header names neither an email nor a phone column.`);
  }
  return names;
}

function typedCell(cell: string, type: string | undefined): unknown {
  if (type === 'integer' && /^-?\d+$/.test(cell)) return Number(cell);
  if (type === 'boolean' && /^(true|false)$/i.test(cell)) return cell.toLowerCase() === 'true';
  return cell;
}

/**
 * Reads the users of a CSV with a header row. Cells are text: metadata cells become the type the app
 * declares for their field; empty cells are left out. The header is checked before any row: a column
 * named twice, or one that is neither a user column nor a metadata field of the app, refuses the file.
 */
export async function* csvRecords(
  text: AsyncIterable<string> | Iterable<string>,
  app: AppSettings,
): AsyncGenerator<ImportRecord> {
  const records = parseCsv(text);
  const first = await records.next();
  if (first.done) throw new ImportFileError('the CSV is empty: it needs a header row.');
  const names = readHeader(first.value, app);
  const types = new Map(app.user_metadata_schema.map((field) => [field.field_name, field.type]));
  for await (const { line, fields } of records) {
    const row = `line ${line}`;
    if (fields.length > names.length) {
      yield {
        row,
        fields: null,
        problem: `has ${fields.length} cells, but the header names ${names.length} columns.`,
      };
      continue;
    }
    const user: Record<string, unknown> = {};
    const metadata: Record<string, unknown> = {};
    fields.forEach((raw, i) => {
      const cell = raw.trim();
      const name = names[i]!;
      if (cell === '') return;
      if (USER_COLUMNS.includes(name)) user[name] = cell;
      else metadata[name] = typedCell(cell, types.get(name));
    });
    if (Object.keys(metadata).length > 0) user.user_metadata = metadata;
    yield { row, fields: user };
  }
}
