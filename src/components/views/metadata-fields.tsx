import { type FunctionalComponent, h } from '@stencil/core';
import type { MetadataInput } from '../../flow/view-state';
import type { Translator } from '../../i18n';
import { enMetadata } from '../../i18n/en-metadata';
import { addEnglish } from '../../i18n/translator';
import { addViewSheet } from '../../themes/sheets';
import GRID_STYLES from './metadata-fields.css?inline';
import { ErrorLine } from './controls';
import { blockNonInteger, METADATA_INPUT_TYPE, readingOrder } from './metadata-input';
import { messageText } from './view-context';

/**
 * The metadata grid: 6 columns (a CSS grid, metadata-fields.css: react-grid-layout cannot run inside
 * Stencil).
 */
const COLUMNS = 6;

// The grid's rules travel with it: this module loads only for forms with metadata fields.
addViewSheet(GRID_STYLES);
addEnglish(enMetadata);
const NAME_PREFIX = 'metadata:';
/** The value of a field whose text the browser could not read (fails its type's check). */
const UNREADABLE = 'unreadable';

/** A layout cell clamped into the 6 columns; fields without a layout span the whole row. */
function cell(layout: MetadataInput['layout']): Record<string, string> {
  if (!layout) return { gridColumn: '1 / -1' };
  const x = Math.min(Math.max(layout.x, 0), COLUMNS - 1);
  const w = Math.min(Math.max(layout.w, 1), COLUMNS - x);
  return { gridColumn: `${x + 1} / span ${w}`, gridRow: `${layout.y + 1} / span ${Math.max(layout.h, 1)}` };
}

/** Registration metadata fields on the grid of the app's `layouts.registration`. */
export const MetadataFields: FunctionalComponent<{
  inputs: MetadataInput[];
  t: Translator;
  readonly?: boolean;
}> = ({ inputs, t, readonly }) => (
  // The frame is the size container the grid's narrow layout queries (a grid cannot query itself).
  <div class="grid-frame">
    <div class="grid" part="metadata-grid">
      {readingOrder(inputs).map(({ field, layout, value, error }) => {
        const id = `passage-meta-${field.field_name}`;
        const errorId = `${id}-error`;
        const errorText = error ? messageText(t, error) : undefined;
        const common = {
          id,
          name: `${NAME_PREFIX}${field.field_name}`,
          'aria-invalid': errorText ? 'true' : 'false',
          'aria-describedby': errorId,
          readOnly: readonly,
          disabled: readonly && field.type === 'boolean',
        };
        return (
          <div class="field" part={`metadata-field metadata-field-${field.type}`} style={cell(layout)}>
            {field.type === 'boolean' ? (
              <div class="checkbox">
                <input {...common} type="checkbox" part="checkbox" checked={value === true} />
                <label htmlFor={id} part="label">
                  {field.friendly_name}
                </label>
              </div>
            ) : (
              [
                <label htmlFor={id} part="label">
                  {field.friendly_name}
                </label>,
                <input
                  {...common}
                  class="input"
                  part="input metadata-input"
                  type={METADATA_INPUT_TYPE[field.type]}
                  inputMode={field.type === 'integer' ? 'numeric' : undefined}
                  autocomplete={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'off'}
                  defaultValue={value === undefined ? '' : String(value)}
                  onKeyDown={field.type === 'integer' ? blockNonInteger : undefined}
                />,
              ]
            )}
            <ErrorLine id={errorId} t={t} message={error} />
          </div>
        );
      })}
    </div>
  </div>
);

/** The metadata values of a submitted form, by field_name (booleans from their checkboxes). */
export function readMetadata(
  form: HTMLFormElement,
  inputs: MetadataInput[],
): Record<string, string | boolean | undefined> {
  const values: Record<string, string | boolean | undefined> = {};
  for (const { field } of inputs) {
    const control = form.elements.namedItem(`${NAME_PREFIX}${field.field_name}`) as HTMLInputElement | null;
    if (!control) continue;
    values[field.field_name] =
      field.type === 'boolean'
        ? control.checked
        : // A date the browser cannot read (say 02/31/2020) has no value but is not empty: "invalid date".
          control.validity.badInput
          ? UNREADABLE
          : control.value === ''
            ? undefined
            : control.value;
  }
  return values;
}
