import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { customizationFor, customizationProperties, resolveThemeMode } from './customization';
import SECONDARY_BUTTON_STYLES from './secondary-button.css?inline';
import STEP_VIEW_STYLES from './step-views.css?inline';
import { CONTROL_STYLES, VIEW_SHEETS } from './styles';
import VIEWS_ONLY from './views.css?inline';
import DROPDOWN_STYLES from '../components/views/dropdown/dropdown.css?inline';
import METADATA_FIELD_STYLES from '../components/views/metadata-fields.css?inline';
import SOCIAL_STYLES from '../components/views/social/social.css?inline';
import { PROFILE_RULES } from '../components/passage-profile/profile-styles';

const VIEW_STYLES = VIEW_SHEETS.join('');
import { THEME_VARIABLES, type ThemeVariable } from './variables';

/** The `--passage-*-default` declarations of one rule of the stylesheet. */
function declarations(selector: string): Map<string, string> {
  const start = VIEW_STYLES.indexOf(`${selector}{`);
  const body = VIEW_STYLES.slice(start + selector.length + 1, VIEW_STYLES.indexOf('}', start));
  return new Map(
    [...body.matchAll(/--passage-([\w-]+)-default:([^;]+)/g)].map((m) => [m[1] as string, m[2] as string]),
  );
}

describe('theme defaults', () => {
  const light = declarations('.container');
  const dark = declarations('.container[data-theme=dark]');

  it('the stylesheet sets every documented variable to its light default', () => {
    for (const variable of THEME_VARIABLES) {
      expect(light.get(variable.name)?.replace(/,/g, ', '), variable.name).toBe(variable.light);
    }
    expect(light.size).toBe(THEME_VARIABLES.length);
  });

  it('dark mode overrides exactly the variables whose dark default differs', () => {
    const differing = THEME_VARIABLES.filter((variable) => variable.dark !== variable.light);
    expect([...dark.keys()].sort()).toEqual(differing.map((variable) => variable.name).sort());
    for (const variable of differing)
      expect(dark.get(variable.name)?.replace(/,/g, ', '), variable.name).toBe(variable.dark);
  });

  it('every public variable is used with its -default fallback', () => {
    for (const variable of THEME_VARIABLES) {
      expect(VIEW_STYLES + SECONDARY_BUTTON_STYLES + STEP_VIEW_STYLES, variable.name).toContain(
        `var(--passage-${variable.name},var(--passage-${variable.name}-default))`,
      );
    }
  });

  it('custom-elements.json (so docs/elements) documents every variable with its defaults', () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8'),
    ) as {
      modules: {
        declarations: { tagName: string; cssProperties?: { name: string; description?: string }[] }[];
      }[];
    };
    const documented = new Map(
      manifest.modules.flatMap((module) =>
        module.declarations.map((element) => [
          element.tagName,
          new Map((element.cssProperties ?? []).map((property) => [property.name, property.description])),
        ]),
      ),
    );
    // The profile's own defaults (passage-profile.css): a wider container, actions not stacked full width.
    const PROFILE_DEFAULTS: Record<string, string> = {
      'container-max-width': '600px',
      'primary-button-width': '40%',
    };
    // What the profile uses differently: its secondary buttons have no minimum width (profile.css).
    const PROFILE_DESCRIPTIONS: Record<string, string> = {
      'primary-button-width':
        'Minimum width of the main actions (the `primary-button` part); the other actions fit their text',
    };
    const expected = (variable: ThemeVariable, profile: boolean) => {
      const own = profile ? PROFILE_DEFAULTS[variable.name] : undefined;
      const [light, dark] = own ? [own, own] : [variable.light, variable.dark];
      const description = (profile && PROFILE_DESCRIPTIONS[variable.name]) || variable.description;
      const key = variable.customization ? `; app setting \`${variable.customization}\`` : '';
      return `${description}. Light \`${light}\`, dark \`${dark}\`${key}.`;
    };
    for (const tag of ['passage-auth', 'passage-login', 'passage-register', 'passage-profile']) {
      const profile = tag === 'passage-profile';
      // The profile has no one-time-code boxes.
      const variables = THEME_VARIABLES.filter((variable) => !(profile && variable.name === 'otp-box-size'));
      const properties = documented.get(tag);
      expect(properties?.size, tag).toBe(variables.length);
      for (const variable of variables)
        expect(properties?.get(`--passage-${variable.name}`), `${tag} --passage-${variable.name}`).toBe(
          expected(variable, profile),
        );
    }
  });
});

describe('app customization', () => {
  it('maps element_customization keys to the -default variables, sizes in px', () => {
    expect(
      customizationProperties({
        passage_container_background_color: '#fafafa',
        passage_container_max_width: 420,
        passage_input_box_border_radius: '8',
        passage_primary_button_hover_color: '#333',
        passage_secondary_button_border_width: 2,
        passage_header_font_family: 'Georgia',
      }),
    ).toEqual({
      '--passage-container-background-color-default': '#fafafa',
      '--passage-container-max-width-default': '420px',
      '--passage-input-box-border-radius-default': '8px',
      '--passage-primary-button-background-hover-color-default': '#333',
      '--passage-secondary-button-border-width-default': '2px',
      '--passage-header-font-family-default': 'Georgia',
    });
  });

  it('every key it honours is a documented customization key', () => {
    const documented = new Set(THEME_VARIABLES.map((variable) => variable.customization).filter(Boolean));
    for (const key of documented) {
      expect(Object.keys(customizationProperties({ [key as string]: '1' })), key).toHaveLength(1);
    }
  });

  it('ignores unknown keys, empty values and values that could break out of the declaration', () => {
    expect(
      customizationProperties({
        passage_unknown_thing: 'red',
        container_background_color: 'red',
        passage_body_text_color: '',
        passage_header_text_color: 'red; background: url(x)',
        // Outside the contract's types, but a server may answer it.
        passage_body_font_family: null as unknown as string,
      }),
    ).toEqual({});
    expect(customizationProperties(undefined)).toEqual({});
  });

  it('uses the dark map in dark mode', () => {
    const app = {
      element_customization: { passage_body_text_color: '#111' },
      element_customization_dark: { passage_body_text_color: '#eee' },
    };
    expect(customizationFor(app, 'light')).toEqual({ '--passage-body-text-color-default': '#111' });
    expect(customizationFor(app, 'dark')).toEqual({ '--passage-body-text-color-default': '#eee' });
    expect(customizationFor(undefined, 'dark')).toEqual({});
  });
});

describe('theme mode', () => {
  it("follows the system for 'auto', forces dark for 'dark', and is light otherwise", () => {
    expect(resolveThemeMode('auto', true)).toBe('dark');
    expect(resolveThemeMode('auto', false)).toBe('light');
    expect(resolveThemeMode('dark', false)).toBe('dark');
    expect(resolveThemeMode('light', true)).toBe('light');
    expect(resolveThemeMode('purple', true)).toBe('light');
    expect(resolveThemeMode(undefined, true)).toBe('light');
  });
});

/** The rules of a minified stylesheet, those inside at-rules too, as selector and declarations. */
const rules = (css: string) =>
  [...css.matchAll(/([^{};]+)\{([^{}]*)\}/g)].map((m) => ({
    selector: m[1] as string,
    declarations: (m[2] as string).split(';').filter(Boolean),
  }));

/** Every stylesheet that adopts the shared sheets besides: the views', the profile's. */
const OWN_SHEETS = {
  'views.css': VIEWS_ONLY,
  'step-views.css': STEP_VIEW_STYLES,
  'social.css': SOCIAL_STYLES,
  'dropdown.css': DROPDOWN_STYLES,
  'metadata-fields.css': METADATA_FIELD_STYLES,
  'profile.css': PROFILE_RULES,
};

/**
 * Rules that repeat a shared block on purpose. The profile's table header is visually hidden only at a
 * phone's width: inside `@container (max-width: 480px)`, where no selector list of controls.css reaches.
 */
const ALLOWED_REPEATS = new Set([
  'profile.css thead .visually-hidden,.error:empty,.confirmation:empty,.text:empty',
]);

describe('the shared rules', () => {
  const shared = [...rules(CONTROL_STYLES), ...rules(SECONDARY_BUTTON_STYLES)];

  it('are found by the test: the selectors and declarations of controls.css and secondary-button.css', () => {
    const selectors = shared.map((rule) => rule.selector);
    expect(selectors).toContain("button[part~='primary-button']".replace(/'/g, ''));
    expect(selectors).toContain('.visually-hidden,.error:empty,.confirmation:empty,.text:empty');
    expect(rules(PROFILE_RULES).length).toBeGreaterThan(40);
    expect(rules('a{b:1}@container (x){c,d{e:2;f:3}g{h:4}}')).toEqual([
      { selector: 'a', declarations: ['b:1'] },
      { selector: 'c,d', declarations: ['e:2', 'f:3'] },
      { selector: 'g', declarations: ['h:4'] },
    ]);
  });

  it('are written once: no other stylesheet repeats a selector or the declarations of one', () => {
    for (const [file, css] of Object.entries(OWN_SHEETS)) {
      for (const own of rules(css)) {
        for (const rule of shared) {
          const where = `${file} ${own.selector} ${rule.selector}`;
          expect(own.selector, where).not.toBe(rule.selector);
          // A block of three or more declarations that is all in another rule is a copy of it.
          if (rule.declarations.length < 3 || ALLOWED_REPEATS.has(where)) continue;
          const copied = rule.declarations.every((declaration) => own.declarations.includes(declaration));
          expect(copied, where).toBe(false);
        }
      }
    }
  });
});
