/**
 * The country dropdown of the phone input. Loaded with `import()` only
 * when the app allows phone numbers, together with the country list, so email-only pages never
 * download either.
 */
import { Dropdown, type DropdownTexts } from '../dropdown/dropdown';
import { countryOptions } from './country-list';

export interface CountryPickerProps extends DropdownTexts {
  id: string;
  lang: string;
  /** ISO 3166 alpha-2, lower case: chosen until the user picks another (follows the attribute). */
  defaultCountry: string;
  readonly: boolean;
}

const pickers = new WeakMap<HTMLElement, { dropdown: Dropdown; lang: string }>();

/** Builds the dropdown in `root` on first call; later calls bring it up to date. */
export function attachCountryPicker(root: HTMLElement, p: CountryPickerProps): void {
  let picker = pickers.get(root);
  if (!picker) {
    picker = { dropdown: new Dropdown(root, p.id, 'country', p, 'country'), lang: '' };
    pickers.set(root, picker);
  }
  if (picker.lang !== p.lang) {
    picker.lang = p.lang;
    const items = countryOptions(p.lang).map((o) => ({ value: o.iso2, label: o.label, search: o.name }));
    picker.dropdown.setItems(items, p.defaultCountry);
  }
  picker.dropdown.setDefault(p.defaultCountry);
  picker.dropdown.update(p, p.readonly);
}
