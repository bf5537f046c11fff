import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppSettings } from '../apps/app-settings.js';
import { csvRecords } from './csv-records.js';
import type { ImportRecord } from './import-row.js';
import { type ImportBytes, ImportFileError, type TextPiece, utf8Text } from './import-text.js';
import { jsonItems, type JsonShape } from './json-records.js';

/**
 * - `file`: a file of `open-passage-server import`: JSON when it starts with `[` or `{`, else CSV;
 * - `json-body`: the admin API's JSON body, `{"users": [...]}` or `{"csv": "..."}`;
 * - `csv`: a CSV file posted as is (`Content-Type: text/csv`).
 */
export type ImportFormat = 'file' | 'json-body' | 'csv';

const FILE_JSON: JsonShape = {
  list: true,
  fields: { users: true, user: true },
  expected: 'A JSON import is a list of users, {"users": [...]} or {"user": {...}}.',
};
const BODY_JSON: JsonShape = {
  list: false,
  fields: { users: true, csv: true },
  expected: 'Give either users or csv.',
};

/** Pieces of this size are parsed between two turns of the event loop (a few milliseconds each). */
const SLICE = 64 * 1024;

/**
 * Bytes in memory (a request body) as the slices an import reads, letting other requests in between two:
 * parsing them all at once would hold the event loop for as long.
 */
export async function* slicesOf(bytes: Uint8Array): ImportBytes {
  for (let from = 0; from < bytes.length; from += SLICE) {
    yield bytes.subarray(from, from + SLICE);
    await nextTurn();
  }
}

async function* textSlices(text: string): AsyncGenerator<string> {
  for (let from = 0; from < text.length; from += SLICE) {
    yield text.slice(from, from + SLICE);
    await nextTurn();
  }
}

async function* strings(pieces: AsyncIterable<TextPiece>): AsyncGenerator<string> {
  for await (const piece of pieces) yield piece.text;
}

/** The first character that is not white space (undefined for none), and the text, still whole. */
async function peek(text: AsyncIterator<TextPiece>) {
  const seen: TextPiece[] = [];
  let first: string | undefined;
  while (first === undefined) {
    const next = await text.next();
    if (next.done) break;
    seen.push(next.value);
    first = /\S/.exec(next.value.text)?.[0];
  }
  async function* whole(): AsyncGenerator<TextPiece> {
    yield* seen;
    for (let next = await text.next(); !next.done; next = await text.next()) yield next.value;
  }
  return { first, pieces: whole() };
}

/** The CSV of `{"csv": "..."}`: its errors name it, and its lines count from its own first one. */
async function* bodyCsvRecords(text: string, app: AppSettings): AsyncGenerator<ImportRecord> {
  try {
    yield* csvRecords(textSlices(text), app);
  } catch (error) {
    if (error instanceof ImportFileError) throw new ImportFileError(`csv: ${error.message}`);
    throw error;
  }
}

/** The records of an import, read as they stream. Throws ImportFileError for what cannot be read. */
async function* readRecords(
  bytes: ImportBytes,
  app: AppSettings,
  format: ImportFormat,
): AsyncGenerator<ImportRecord> {
  const text = utf8Text(bytes);
  if (format === 'csv') return yield* csvRecords(strings(text), app);
  const { first, pieces } = await peek(text);
  if (first === undefined) throw new ImportFileError('the file is empty.');
  if (format === 'file' && first !== '[' && first !== '{') return yield* csvRecords(strings(pieces), app);
  for await (const item of jsonItems(pieces, format === 'file' ? FILE_JSON : BODY_JSON)) {
    if (item.kind === 'record') yield item.record;
    else yield* bodyCsvRecords(item.text, app);
  }
}

/**
 * Opens an import: reads it once through to check that all of it can be read (UTF-8, JSON or CSV, the
 * shape of the JSON, the CSV's header), so that a file refused imports nothing; then answers its records,
 * read a second time as they are imported. Memory holds the records being read, never the whole file.
 * `bytes` is called once for each reading.
 */
export async function openImport(
  bytes: () => ImportBytes,
  app: AppSettings,
  format: ImportFormat,
): Promise<AsyncIterable<ImportRecord>> {
  for await (const record of readRecords(bytes(), app, format)) void record;
  return readRecords(bytes(), app, format);
}
