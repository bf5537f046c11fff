import { describe, expect, it } from 'vitest';
import type { AppSettings } from '../../src/apps/app-settings.js';
import { openImport, type ImportFormat } from '../../src/user-import/import-file.js';
import type { ImportRecord } from '../../src/user-import/import-row.js';
import { type ImportBytes, ImportFileError, utf8Text } from '../../src/user-import/import-text.js';

const app = {
  id: 'readingApp00000000000001',
  user_metadata_schema: [
    { id: 'team', field_name: 'team', friendly_name: 'Team', type: 'string' },
    { id: 'age', field_name: 'age', friendly_name: 'Age', type: 'integer' },
  ],
} as unknown as AppSettings;

/** The bytes cut into chunks of `size`, as a file or a request body arrives. */
function chunked(bytes: Uint8Array, size: number): () => ImportBytes {
  return async function* () {
    for (let from = 0; from < bytes.length; from += size) yield bytes.subarray(from, from + size);
  };
}

async function read(text: string | Uint8Array, format: ImportFormat, size = 7): Promise<ImportRecord[]> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const records: ImportRecord[] = [];
  for await (const record of await openImport(chunked(bytes, size), app, format)) records.push(record);
  return records;
}

async function refusal(text: string | Uint8Array, format: ImportFormat, size = 7): Promise<string> {
  const error = await read(text, format, size).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return (error as Error).message;
}

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

describe('reading an import', () => {
  it('decodes UTF-8 whatever the chunks cut, and drops a leading BOM', async () => {
    const text = '\uFEFFemail,team\nzoë@example.com,Ünïcode 🦄\n';
    for (const size of [1, 2, 3, 5, 64]) {
      expect(await read(text, 'csv', size)).toEqual([
        { row: 'line 2', fields: { email: 'zoë@example.com', user_metadata: { team: 'Ünïcode 🦄' } } },
      ]);
    }
  });

  it('refuses what is not UTF-8 with the line it is on, wherever the chunks cut', async () => {
    // Latin-1 "é" (0xE9) on line 3; a UTF-8 "é" on line 2 may be cut between two chunks.
    const latin1 = bytes('email,team\ncafé@example.com,a\ncaf', [0xe9], '@example.com,b\n');
    for (const size of [1, 2, 3, 4, 13, 29, 30, 31, 1000]) {
      expect(await refusal(latin1, 'csv', size), `chunks of ${size}`).toBe(
        'line 3: the file is not UTF-8 text (save or export it as UTF-8).',
      );
    }
    // A character cut short by the end of a line, or of the file.
    expect(await refusal(bytes('email\na@example.com', [0xe2, 0x82], '\n'), 'csv')).toMatch(/^line 2: /);
    expect(await refusal(bytes('email\na@example.com\n', [0xe2, 0x82]), 'csv')).toMatch(/^line 3: /);
    // UTF-16, as some spreadsheets save "Unicode text".
    const utf16 = Buffer.from('\uFEFFemail\r\na@example.com\r\n', 'utf16le');
    expect(await refusal(utf16, 'file')).toMatch(/^line 1: the file is not UTF-8 text/);
  });

  it('names each CSV record by the line it starts on, past blank lines and quoted line breaks', async () => {
    const csv =
      'email,team\r\n\r\na@example.com,"two\nlines"\n\nb@example.com,c\rc@example.com,"say ""hi"""\n';
    expect(await read(csv, 'csv')).toEqual([
      { row: 'line 3', fields: { email: 'a@example.com', user_metadata: { team: 'two\nlines' } } },
      { row: 'line 6', fields: { email: 'b@example.com', user_metadata: { team: 'c' } } },
      { row: 'line 7', fields: { email: 'c@example.com', user_metadata: { team: 'say "hi"' } } },
    ]);
  });

  it('refuses a CSV it cannot read whole, naming the line, before giving any of its records', async () => {
    expect(
      await refusal('email,team\n\na@example.com,x\nb@example.com,"open\n\nc@example.com,y\n', 'csv'),
    ).toBe('line 4: a quoted field is not closed.');
    const longOpenQuote = `email,team\nb@example.com,"open\n${'c@example.com,y\n'.repeat(70_000)}`;
    expect(await refusal(longOpenQuote, 'csv', 65536)).toBe(
      'line 2: a record runs on for over 1 MiB: is a quoted field left open?',
    );
    expect(await refusal('', 'csv')).toBe('the CSV is empty: it needs a header row.');
  });

  it('checks the CSV header: every column a user column or a metadata field, none twice, none unnamed', async () => {
    expect(await refusal('email,emial\n', 'csv')).toBe(
      'line 1: unknown column "emial". The columns are id, email, phone, email_verified, phone_verified, status, created_at, updated_at, last_login_at, login_count, social_connections, and the app\'s metadata fields: team, age.',
    );
    expect(await refusal('email,team,email\n', 'csv')).toBe('line 1: the column "email" appears twice.');
    expect(await refusal('email,,team\n', 'csv')).toBe('line 1: column 2 has no name.');
    expect(await refusal('id,team\n', 'csv')).toBe(
      'line 1: the header names neither an email nor a phone column.',
    );
  });

  it('reports a CSV row with more cells than columns as a bad row, not a dropped cell', async () => {
    expect(await read('email,team\na@example.com,web,extra\n', 'csv')).toEqual([
      { row: 'line 2', fields: null, problem: 'has 3 cells, but the header names 2 columns.' },
    ]);
  });

  it('reads a JSON list, {"users": [...]} or {"user": {...}} from a file, and tells a CSV from JSON', async () => {
    const ada = { id: 'ada0000000000000000001', email: 'ada@example.com' };
    const expected = [{ row: 'user #1', fields: ada }];
    expect(await read(`  \n[${JSON.stringify(ada)}]`, 'file')).toEqual(expected);
    expect(await read(JSON.stringify({ users: [ada] }, null, 2), 'file')).toEqual(expected);
    expect(await read(JSON.stringify({ user: ada }), 'file')).toEqual(expected);
    expect(await read('email\nada@example.com\n', 'file')).toEqual([
      { row: 'line 2', fields: { email: 'ada@example.com' } },
    ]);
    expect(await refusal(' \n ', 'file')).toBe('the file is empty.');
  });

  it('refuses JSON of another shape or not JSON, naming the line, before giving any of its users', async () => {
    const users = '{"users": [\n  {"email": "a@example.com"},\n  {"email": "b@example.com"}\n],\n"extra": 1}';
    expect(await refusal(users, 'json-body')).toBe(
      'line 5: unknown field "extra". Give either users or csv.',
    );
    expect(await refusal(users, 'file')).toMatch(
      /^line 5: unknown field "extra". A JSON import is a list of users/,
    );
    expect(await refusal('{"users": [\n{"email": "a@example.com"}\n{"email": "b"}]}', 'file')).toBe(
      'line 3: the JSON is not valid: unexpected "{".',
    );
    expect(await refusal('[{"email": "a@example.com"}', 'file')).toBe(
      'line 1: the JSON ends before it is complete.',
    );
    expect(await refusal('[{"email": "a@example.com"}] x', 'file')).toMatch(/^line 1: the JSON is not valid/);
    expect(await refusal('[]', 'json-body')).toBe('Give either users or csv.');
    expect(await refusal('{}', 'json-body')).toBe('Give either users or csv.');
    expect(await refusal('{"users": [], "csv": "email"}', 'json-body')).toBe('Give either users or csv.');
    expect(await refusal('{"users": {"email": "a@example.com"}}', 'json-body')).toBe(
      'line 1: "users" must be a list of users.',
    );
    expect(await refusal('{"csv": ["email"]}', 'json-body')).toBe('line 1: "csv" must be the CSV text.');
  });

  it('reads the CSV of {"csv": "..."}, whose errors name it and count its own lines', async () => {
    expect(await read(JSON.stringify({ csv: 'email\r\na@example.com' }), 'json-body')).toEqual([
      { row: 'line 2', fields: { email: 'a@example.com' } },
    ]);
    expect(await refusal(JSON.stringify({ csv: 'email\na@example.com,"x' }), 'json-body')).toBe(
      'csv: line 2: a quoted field is not closed.',
    );
  });

  it('streams: the UTF-8 reader gives text as the bytes come, not at the end', async () => {
    const seen: string[] = [];
    async function* slowly(): ImportBytes {
      yield new TextEncoder().encode('email\n');
      expect(seen).toEqual(['email\n']);
      yield new TextEncoder().encode('a@example.com\n');
    }
    for await (const piece of utf8Text(slowly())) seen.push(piece.text);
    expect(seen).toEqual(['email\n', 'a@example.com\n']);
  });
});
