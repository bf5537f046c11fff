/**
 * The country list of the phone dropdown. Loaded only through `import()` (see country-picker.tsx)
 * when the app allows phone numbers, so email-only pages never download it. Dial codes come from
 * intl-tel-input's data module; names from the browser (Intl.DisplayNames) in the widget's language.
 */
import allCountries from 'intl-tel-input/data';

export interface CountryOption {
  iso2: string;
  /** The country's name in the language. */
  name: string;
  /** Flag, name and dial code. */
  label: string;
}

/** The phone library's preferred countries, listed first. */
const PREFERRED = ['us', 'gb'];

/** Regional-indicator flag emoji (no image sprites to download). */
function flag(iso2: string): string {
  return String.fromCodePoint(...[...iso2.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)));
}

export function countryOptions(lang: string): CountryOption[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([lang, 'en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  const seen = new Set<string>();
  const options = allCountries
    .filter((c) => !seen.has(c.iso2) && seen.add(c.iso2))
    .map((c) => {
      const name = names?.of(c.iso2.toUpperCase()) ?? c.iso2.toUpperCase();
      return { iso2: c.iso2, name, label: `${flag(c.iso2)} ${name} +${c.dialCode}` };
    })
    .sort((a, b) => a.name.localeCompare(b.name, lang));
  const preferred = PREFERRED.map((iso2) => options.find((o) => o.iso2 === iso2)).filter(
    (o): o is (typeof options)[number] => o !== undefined,
  );
  return [...preferred, ...options.filter((o) => !PREFERRED.includes(o.iso2))];
}
