import { type FunctionalComponent, h } from '@stencil/core';
import type { CountryOption } from './country-list';

const lists = new Map<string, Promise<CountryOption[]>>();

function loadOptions(lang: string): Promise<CountryOption[]> {
  let list = lists.get(lang);
  if (!list) {
    list = import('./country-list').then((m) => m.countryOptions(lang));
    lists.set(lang, list);
  }
  return list;
}

/** Fills the select once (the vdom renders it empty, so it never fights these options). */
function fill(select: HTMLSelectElement | undefined, lang: string, selected: string): void {
  if (!select || select.dataset.lang === lang) return;
  select.dataset.lang = lang;
  void loadOptions(lang).then((options) => {
    const keep = select.value || selected;
    select.replaceChildren(...options.map((o) => new Option(o.label, o.iso2)));
    select.value = options.some((o) => o.iso2 === keep) ? keep : (options[0]?.iso2 ?? '');
  });
}

interface CountrySelectProps {
  id: string;
  label: string;
  lang: string;
  defaultCountry: string;
  visible: boolean;
}

/**
 * The country dropdown of the phone input: a native select (keyboard and screen-reader friendly by
 * itself) whose options arrive lazily. Its label is visually hidden; the flag and dial code show.
 */
export const CountrySelect: FunctionalComponent<CountrySelectProps> = ({
  id,
  label,
  lang,
  defaultCountry,
  visible,
}) => (
  <div class="country" part="country" hidden={!visible}>
    <label class="status" htmlFor={id}>
      {label}
    </label>
    <select
      id={id}
      name="country"
      class="input country-select"
      part="input country-select"
      ref={(el) => fill(el, lang, defaultCountry.toLowerCase())}
    />
  </div>
);
