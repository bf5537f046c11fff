/**
 * The country dropdown of the phone input. Loaded with `import()` only
 * when the app allows phone numbers, together with the country list, so email-only pages never
 * download either.
 */
import { type FunctionalComponent, h } from '@stencil/core';
import { Dropdown, type DropdownItem, type DropdownTexts } from '../dropdown/dropdown';
import { countryOptions } from './country-list';

export interface CountryPickerProps extends DropdownTexts {
  id: string;
  lang: string;
  /** ISO 3166 alpha-2, lower case: chosen until the user picks another (follows the attribute). */
  defaultCountry: string;
  readonly: boolean;
  /** Whose picker it is (the view's `flow`). */
  owner: object;
  requestRender?: () => void;
}

/** The items of each language, built once: the same array tells the dropdown nothing changed. */
const itemsByLang = new Map<string, DropdownItem[]>();

function itemsFor(lang: string): DropdownItem[] {
  let items = itemsByLang.get(lang);
  if (!items)
    itemsByLang.set(
      lang,
      (items = countryOptions(lang).map((o) => ({ value: o.iso2, label: o.label, search: o.name }))),
    );
  return items;
}

export const CountryPicker: FunctionalComponent<CountryPickerProps> = (p) => (
  <Dropdown
    id={p.id}
    name="country"
    part="country"
    label={p.label}
    placeholder={p.placeholder}
    items={itemsFor(p.lang)}
    fallback={p.defaultCountry}
    readonly={p.readonly}
    owner={p.owner}
    requestRender={p.requestRender}
  />
);
