import type { MetadataField } from '../../client/app-info';
import { checkMetadata, type MetadataValue } from '../validation/metadata';
import type { PhoneReader } from '../validation/phone-reader';
import type { FlowMessageKey } from '../view-state';

export type MetadataValues = Record<string, MetadataValue>;

export type MetadataFormCheck =
  | { ok: true; values: Record<string, string | number | boolean> }
  | { ok: false; errors: Record<string, FlowMessageKey> };

/**
 * Validates the edited profile form with the metadata field rules. On success the values are ready
 * to PATCH: dates YYYY-MM-DD, missing booleans false, phones international.
 */
export function checkMetadataForm(
  fields: readonly MetadataField[],
  draft: MetadataValues,
  options: { phone?: PhoneReader; country: string },
): MetadataFormCheck {
  const { values, errors } = checkMetadata(fields, draft, options);
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
}

/** The form's starting values from the user's stored metadata (text inputs hold strings). */
export function draftFromMetadata(
  fields: readonly MetadataField[],
  metadata: Record<string, unknown> | null | undefined,
): MetadataValues {
  const draft: MetadataValues = {};
  for (const field of fields) {
    const value = metadata?.[field.field_name];
    if (field.type === 'boolean') draft[field.field_name] = value === true;
    else draft[field.field_name] = value === undefined || value === null ? '' : String(value);
  }
  return draft;
}
