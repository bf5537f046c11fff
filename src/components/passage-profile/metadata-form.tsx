import { type FunctionalComponent, h } from '@stencil/core';
import type { MetadataField } from '../../client/app-info';
import type { MetadataValues, PlacedField } from '../../flow/profile';
import { cancelOnEscape } from './escape';
import { blockNonInteger, METADATA_INPUT_TYPE } from '../views/metadata-input';
import type { MessageKey, Translator } from '../../i18n';

export interface MetadataFormProps {
  t: Translator['t'];
  fields: PlacedField[];
  values: MetadataValues;
  errors: Record<string, MessageKey>;
  editing: boolean;
  editable: boolean;
  busy: boolean;
  onEdit: () => void;
  onChange: (fieldName: string, value: string | boolean) => void;
  onSave: () => void;
  onCancel: () => void;
}

function FieldInput(props: MetadataFormProps, field: MetadataField) {
  const id = `metadata-${field.field_name}`;
  const value = props.values[field.field_name];
  const error = props.errors[field.field_name];
  const common = {
    id,
    name: field.field_name,
    part: 'input',
    disabled: !props.editing,
    'aria-invalid': error ? 'true' : 'false',
    'aria-describedby': `${id}-error`,
  };
  if (field.type === 'boolean') {
    return (
      <input
        {...common}
        type="checkbox"
        checked={value === true}
        onChange={(event) => props.onChange(field.field_name, (event.target as HTMLInputElement).checked)}
      />
    );
  }
  return (
    <input
      {...common}
      type={METADATA_INPUT_TYPE[field.type]}
      inputMode={field.type === 'integer' ? 'numeric' : undefined}
      readOnly={!props.editing}
      class={{ invalid: !!error }}
      value={typeof value === 'string' ? value : String(value ?? '')}
      placeholder={props.editing ? props.t('enter-field', { field: field.friendly_name.toLowerCase() }) : ''}
      onKeyDown={field.type === 'integer' ? blockNonInteger : undefined}
      onInput={(event) => props.onChange(field.field_name, (event.target as HTMLInputElement).value)}
    />
  );
}

/**
 * The user-metadata form on the profile layout's 6-column grid (75px rows, 10px gaps),
 * read-only until Edit; every field keeps its own error line. The children (what the last save did)
 * go under its buttons.
 */
export const MetadataForm: FunctionalComponent<MetadataFormProps> = (props, messages) => (
  <section class="section" part="metadata" aria-labelledby="personal-info-title">
    <h2 id="personal-info-title">{props.t('personal-info')}</h2>
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave();
      }}
      onKeyDown={props.editing ? cancelOnEscape(props.onCancel) : undefined}
    >
      <div class={{ 'metadata-grid': true, readonly: !props.editing }} part="metadata-grid">
        {props.fields.map(({ field, column, row, width, height }) => (
          <div
            class={{ 'metadata-field': true, checkbox: field.type === 'boolean' }}
            part="metadata-field"
            style={{ gridColumn: `${column} / span ${width}`, gridRow: `${row} / span ${height}` }}
          >
            <label htmlFor={`metadata-${field.field_name}`}>{field.friendly_name}</label>
            {FieldInput(props, field)}
            <p id={`metadata-${field.field_name}-error`} class="field-error" part="error" aria-live="polite">
              {props.errors[field.field_name] ? props.t(props.errors[field.field_name] as MessageKey) : ''}
            </p>
          </div>
        ))}
      </div>
      {props.editable ? (
        <div class="row-actions">
          {props.editing
            ? [
                <button type="submit" part="primary-button" disabled={props.busy}>
                  {props.t('save')}
                </button>,
                <button type="button" part="secondary-button" onClick={props.onCancel}>
                  {props.t('cancel')}
                </button>,
              ]
            : [
                <button
                  type="button"
                  part="secondary-button"
                  aria-label={props.t('edit-field', { field: props.t('personal-info') })}
                  data-edit="metadata"
                  onClick={props.onEdit}
                >
                  {props.t('edit')}
                </button>,
              ]}
        </div>
      ) : null}
      {messages}
    </form>
  </section>
);
