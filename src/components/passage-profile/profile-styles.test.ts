import { describe, expect, it } from 'vitest';
import { CONTROL_STYLES, THEME_STYLES } from '../../themes/styles';
import { THEME_VARIABLES } from '../../themes/variables';
import { PROFILE_RULES, PROFILE_SHEETS } from './profile-styles';

const PROFILE_STYLES = PROFILE_SHEETS.join('');

const use = (name: string) => `var(--passage-${name},var(--passage-${name}-default))`;
/** The profile has no one-time-code boxes. */
const NOT_IN_PROFILE = new Set(['otp-box-size']);

/** The declarations of the first rule with exactly this selector (in the minified text). */
function rule(css: string, selector: string): string {
  const start = `}${css}`.indexOf(`}${selector}{`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  const body = css.slice(start + selector.length + 1);
  return body.slice(0, body.indexOf('}'));
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const theme = (mode: 'light' | 'dark') =>
  Object.fromEntries(THEME_VARIABLES.map((variable) => [variable.name, variable[mode]]));

describe('the profile stylesheet', () => {
  it('builds on the shared theme and controls: the sign-in defaults and sheets, light and dark', () => {
    expect(PROFILE_SHEETS.slice(0, 2)).toEqual([THEME_STYLES, CONTROL_STYLES]);
  });

  it('repeats none of the shared rules (themes/controls.css, themes/secondary-button.css)', () => {
    const selectors = (css: string) => [...`}${css}`.matchAll(/}([^@{}][^{}]*){/g)].map((m) => m[1]);
    const own = selectors(PROFILE_RULES);
    for (const selector of selectors(PROFILE_SHEETS.slice(1, 3).join('')))
      expect(own, selector).not.toContain(selector);
    expect(own.length).toBeGreaterThan(40);
  });

  it('applies every documented variable, with the documented fallback', () => {
    for (const variable of THEME_VARIABLES) {
      if (NOT_IN_PROFILE.has(variable.name)) continue;
      expect(PROFILE_STYLES, variable.name).toContain(use(variable.name));
    }
  });

  it('keeps no defaults of its own but the 600px width and 40% actions, and reads no undocumented variable', () => {
    const own = [...PROFILE_RULES.matchAll(/--passage-([\w-]+)-default:/g)].map((m) => m[1]);
    expect(own).toEqual(['container-max-width', 'primary-button-width']);
    expect(rule(PROFILE_RULES, '.container.profile')).toBe(
      '--passage-container-max-width-default:600px;--passage-primary-button-width-default:40%',
    );
    const documented = new Set(THEME_VARIABLES.map((variable) => variable.name));
    const read = [...PROFILE_RULES.matchAll(/var\(--passage-([\w-]+?)(?:-default)?[,)]/g)].map((m) => m[1]);
    expect(read.length).toBeGreaterThan(30);
    for (const name of read) expect(documented.has(name as string), name).toBe(true);
  });

  it('draws inputs and selects with the input-box variables', () => {
    const box = rule(PROFILE_RULES, 'input:not([type=checkbox]),select');
    expect(box).toContain(`border:${use('input-box-border-width')} solid ${use('input-box-border-color')}`);
    expect(box).toContain(`color:${use('input-box-text-color')}`);
    expect(box).toContain(`background:${use('input-box-background-color')}`);
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`${mode}: input borders reach 3:1 against the input and the page (WCAG 1.4.11)`, () => {
      const t = theme(mode);
      const border = t['input-box-border-color'] as string;
      expect(contrast(border, t['input-box-background-color'] as string)).toBeGreaterThanOrEqual(3);
      expect(contrast(border, t['container-background-color'] as string)).toBeGreaterThanOrEqual(3);
    });

    it(`${mode}: error, success, link and secondary text, and the danger button, reach 4.5:1`, () => {
      const t = theme(mode);
      const background = t['container-background-color'] as string;
      for (const name of ['error-color', 'success-color', 'link-color', 'muted-text-color'])
        expect(contrast(t[name] as string, background), name).toBeGreaterThanOrEqual(4.5);
      // The danger button writes the page background on the error colour.
      expect(contrast(background, t['error-color'] as string)).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#d7d7d7', '#ffffff')).toBeLessThan(3); // the old input border
    expect(contrast('#767676', '#ffffff')).toBeGreaterThan(4.5);
  });
});
