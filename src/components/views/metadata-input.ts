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
