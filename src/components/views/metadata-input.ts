import type { MetadataType } from '../../client/app-info';
import { isIntegerKey } from '../../flow/validation/metadata';

/** The input type of each metadata type but boolean (a checkbox); integers are text with a numeric keypad. */
export const METADATA_INPUT_TYPE: Record<Exclude<MetadataType, 'boolean'>, string> = {
  string: 'text',
  integer: 'text',
  date: 'date',
  phone: 'tel',
  email: 'email',
};

/** Keydown handler of an integer field: only digits and a leading minus, shortcuts left alone. */
export function blockNonInteger(event: KeyboardEvent): void {
  if (!(event.ctrlKey || event.metaKey || event.altKey) && !isIntegerKey(event.key)) event.preventDefault();
}

/**
 * The fields in the order the grid shows them, row by row and left to right (the schema's order may
 * differ), fields without a cell last: the order of a one-column grid and of the Tab key.
 */
export function readingOrder<T extends { layout?: { x: number; y: number } | undefined }>(inputs: T[]): T[] {
  const placed = inputs.filter((input) => input.layout);
  const unplaced = inputs.filter((input) => !input.layout);
  const cell = (input: T) => input.layout ?? { x: 0, y: 0 };
  placed.sort((a, b) => cell(a).y - cell(b).y || cell(a).x - cell(b).x);
  return [...placed, ...unplaced];
}
