/** A file that cannot be imported at all; its message names the place (`line 4: …`). */
export class ImportFileError extends Error {}

/** Bytes of an import as they arrive (a file read in chunks, a request body in slices). */
export type ImportBytes = AsyncIterable<Uint8Array>;

/** Text of an import as it is decoded, in pieces that each end at a line break (except a last or long one). */
export interface TextPiece {
  text: string;
  /** The line the piece starts on, from 1. */
  line: number;
}

const NEWLINE = 0x0a;

function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/**
 * Decodes UTF-8 as it streams, refusing what is not UTF-8 (a Latin-1 or UTF-16 export would otherwise turn
 * into U+FFFD replacement characters and be stored so) with the line it is on. A leading BOM is dropped.
 */
export async function* utf8Text(bytes: ImportBytes): AsyncGenerator<TextPiece> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  let previous: Uint8Array = new Uint8Array(0);
  for await (const chunk of bytes) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw notUtf8(lineOfInvalidByte(previous, chunk, line));
    }
    if (text !== '') yield { text, line };
    line += countNewlines(text);
    previous = chunk;
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    throw notUtf8(line);
  }
  if (rest !== '') yield { text: rest, line };
}

const notUtf8 = (line: number) =>
  new ImportFileError(`line ${line}: the file is not UTF-8 text (save or export it as UTF-8).`);

/**
 * The line of the first byte that is not UTF-8 in `chunk`, whose decoding failed (the decoder does not say
 * where). Each of its lines is decoded on its own, the first one after the character `previous` left
 * unfinished; a line break is never part of a multi-byte character, so the lines can be cut at bytes.
 */
function lineOfInvalidByte(previous: Uint8Array, chunk: Uint8Array, line: number): number {
  let start = Math.max(0, previous.length - 3, previous.lastIndexOf(NEWLINE) + 1);
  while (start < previous.length && (previous[start]! & 0xc0) === 0x80) start++; // not a character's start
  const bytes = new Uint8Array(previous.length - start + chunk.length);
  bytes.set(previous.subarray(start));
  bytes.set(chunk, previous.length - start);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let from = 0;
  for (let at = bytes.indexOf(NEWLINE); ; at = bytes.indexOf(NEWLINE, from)) {
    const last = at === -1;
    try {
      decoder.decode(bytes.subarray(from, last ? bytes.length : at), { stream: last });
    } catch {
      return line;
    }
    if (last) return line;
    from = at + 1;
    line++;
  }
}
