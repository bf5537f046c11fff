import { type ParsedTokenInfo, Tokenizer, TokenParser, TokenType } from '@streamparser/json';
import type { ImportRecord } from './import-row.js';
import { ImportFileError, type TextPiece } from './import-text.js';

/** What a JSON import may hold, for the command line and for the admin API's body. */
export interface JsonShape {
  /** Whether the document may be a list of users. */
  list: boolean;
  /** The fields an object document may have; it has exactly one of them. */
  fields: { users?: true; user?: true; csv?: true };
  /** The sentence that says what the document may be, for every refusal of another shape. */
  expected: string;
}

/** A user of the document, or the CSV text of `{"csv": "..."}`. */
export type JsonItem = { kind: 'record'; record: ImportRecord } | { kind: 'csv'; text: string };

/** A document of another shape as a whole (not at one of its lines). */
class ShapeError extends ImportFileError {}

/** The token each field's value starts with. */
const FIELD_STARTS: Record<keyof JsonShape['fields'], { token: TokenType; what: string }> = {
  users: { token: TokenType.LEFT_BRACKET, what: 'a list of users' },
  user: { token: TokenType.LEFT_BRACE, what: 'a user object' },
  csv: { token: TokenType.STRING, what: 'the CSV text' },
};

/** The parser's complaint in a few words: `unexpected "}"`, without its positions and states. */
function describeJsonError(error: Error): string {
  const message = error.message;
  if (/ended in (the )?mid/i.test(message)) return 'the JSON ends before it is complete';
  const found = /^Unexpected "(.*)" at /s.exec(message) ?? /^Unexpected \w+ \((.*)\) in state/s.exec(message);
  if (found)
    return `the JSON is not valid: unexpected ${found[1]!.startsWith('"') ? found[1] : `"${found[1]}"`}`;
  return `the JSON is not valid: ${message}`;
}

/**
 * Follows the top of the document (its first token, the fields of an object) to refuse another shape as
 * soon as it shows, before any of its users are read. Which values the parser keeps depends on that shape.
 */
class ShapeWatcher {
  root: 'list' | 'object' | null = null;
  readonly given: string[] = [];
  private depth = 0;
  private expectingKey = false;
  private valueOf: keyof JsonShape['fields'] | null = null;

  constructor(private readonly shape: JsonShape) {}

  see({ token, value }: ParsedTokenInfo): void {
    if (this.depth === 0 && this.root === null) {
      this.root =
        token === TokenType.LEFT_BRACKET ? 'list' : token === TokenType.LEFT_BRACE ? 'object' : null;
      if (this.root === null || (this.root === 'list' && !this.shape.list)) {
        throw new ShapeError(this.shape.expected);
      }
    } else if (this.depth === 1 && this.root === 'object') this.seeField(token, value);
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
      this.depth++;
      this.expectingKey = this.depth === 1 && this.root === 'object';
    } else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) this.depth--;
  }

  private seeField(token: TokenType, value: unknown): void {
    if (this.expectingKey && token === TokenType.STRING) {
      const name = String(value);
      if (!Object.hasOwn(this.shape.fields, name)) {
        throw new ImportFileError(`unknown field ${JSON.stringify(name)}. ${this.shape.expected}`);
      }
      this.given.push(name);
      this.valueOf = name as keyof JsonShape['fields'];
      this.expectingKey = false;
    } else if (token === TokenType.COMMA) this.expectingKey = true;
    else if (token !== TokenType.COLON && this.valueOf !== null) {
      const start = FIELD_STARTS[this.valueOf];
      if (token !== start.token) throw new ImportFileError(`"${this.valueOf}" must be ${start.what}.`);
      this.valueOf = null;
    }
  }
}

/**
 * Reads a JSON import as it streams (@streamparser/json): the users of a list, of `{"users": [...]}` or of
 * `{"user": {...}}`, or the text of `{"csv": "..."}`, as `shape` allows. Only the user being read is kept in
 * memory. Text is fed line by line, so an error names its line; a document of another shape, or not JSON,
 * throws ImportFileError.
 */
export async function* jsonItems(text: AsyncIterable<TextPiece>, shape: JsonShape): AsyncGenerator<JsonItem> {
  const watcher = new ShapeWatcher(shape);
  const found: JsonItem[] = [];
  let users = 0;
  let parser: TokenParser | null = null;
  const tokenizer = new Tokenizer();
  tokenizer.onToken = (token) => {
    watcher.see(token);
    parser ??= newParser(watcher.root === 'list' ? ['$.*'] : ['$.users.*', '$.user', '$.csv']);
    parser.write(token);
  };
  tokenizer.onEnd = () => {
    if (parser && !parser.isEnded) parser.end();
  };
  const newParser = (paths: string[]) => {
    // keepStack false: a user is dropped from its list once read, so the list never grows in memory.
    const tokens = new TokenParser({ paths, keepStack: false });
    tokens.onValue = ({ value, key }) => {
      if (key === 'csv') found.push({ kind: 'csv', text: String(value) });
      else found.push({ kind: 'record', record: { row: `user #${++users}`, fields: value } });
    };
    return tokens;
  };

  let line = 1;
  const feed = (write: () => void) => {
    try {
      write();
    } catch (error) {
      if (error instanceof ShapeError) throw error;
      if (error instanceof ImportFileError) throw new ImportFileError(`line ${line}: ${error.message}`);
      throw new ImportFileError(`line ${line}: ${describeJsonError(error as Error)}.`);
    }
  };
  for await (const piece of text) {
    line = piece.line;
    for (let from = 0; from < piece.text.length; line++) {
      const end = piece.text.indexOf('\n', from);
      const next = end === -1 ? piece.text.length : end + 1;
      feed(() => tokenizer.write(piece.text.slice(from, next)));
      from = next;
      if (end === -1) break;
    }
    yield* found.splice(0);
  }
  feed(() => tokenizer.end());
  yield* found.splice(0);
  if (watcher.root === null) throw new ImportFileError('the JSON is empty.');
  if (watcher.root === 'object' && watcher.given.length !== 1) throw new ImportFileError(shape.expected);
}
