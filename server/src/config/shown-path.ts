import { relative } from 'node:path';

/** A path as the user would type it: relative to the current directory when it lies below it. */
export function shownPath(path: string, cwd = process.cwd()): string {
  const below = relative(cwd, path);
  return below !== '' && !below.startsWith('..') && !below.startsWith('/') ? `./${below}` : path;
}
