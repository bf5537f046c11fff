/**
 * The public custom properties of the elements. A page sets `--passage-<name>` on the element; the
 * element falls back to `--passage-<name>-default`, which the light/dark defaults and the app's
 * element_customization fill in (the same two-level scheme as Passage elements 1.16).
 */
export interface ThemeVariable {
  /** `--passage-<name>` */
  name: string;
  light: string;
  dark: string;
  /** The element_customization key that sets it, if the app configuration can. */
  customization?: string;
  /** Sizes are stored as numbers in the app configuration and get a px unit. */
  px?: true;
  description: string;
}

const v = (
  name: string,
  light: string,
  dark: string,
  description: string,
  extra: Partial<Pick<ThemeVariable, 'customization' | 'px'>> = {},
): ThemeVariable => ({ name, light, dark, description, ...extra });

const key = (name: string) => `passage_${name.replace(/-/g, '_')}`;
const custom = (name: string, light: string, dark: string, description: string, px?: true) =>
  v(name, light, dark, description, px ? { customization: key(name), px } : { customization: key(name) });

export const THEME_VARIABLES: readonly ThemeVariable[] = [
  // Container
  custom('container-background-color', '#ffffff', '#383838', 'Background of the widget'),
  custom('container-max-width', '300px', '300px', 'Maximum width of the widget', true),
  v('container-padding', '24px', '24px', 'Inner spacing of the widget'),
  v('container-border-radius', '5px', '5px', 'Corner radius of the widget'),
  v(
    'container-box-shadow',
    '0 1px 3px #0000001f, 0 4px 12px #00000014',
    '0 1px 3px #00000066, 0 4px 12px #0000004d',
    'Shadow around the widget',
  ),
  // Text
  custom(
    'header-font-family',
    'Helvetica, Arial, sans-serif',
    'Helvetica, Arial, sans-serif',
    'Font of titles',
  ),
  custom('header-text-color', '#222222', '#f3f3f3', 'Colour of titles'),
  v('header-font-size', '24px', '24px', 'Size of titles'),
  v('header-font-weight', '700', '700', 'Weight of titles'),
  custom('body-font-family', 'Helvetica, Arial, sans-serif', 'Helvetica, Arial, sans-serif', 'Font of text'),
  custom('body-text-color', '#222222', '#f3f3f3', 'Colour of text'),
  v('body-font-size', '14px', '14px', 'Size of text'),
  v('muted-text-color', '#5c5c5c', '#c9c9c9', 'Colour of secondary text'),
  v('link-color', '#1a56db', '#8ab4f8', 'Colour of links and link-styled buttons'),
  v('error-color', '#c62828', '#ff8a80', 'Colour of error lines and error borders'),
  v('success-color', '#2e7d32', '#81c995', 'Colour of success icons'),
  v('focus-ring-color', '#1a56db', '#8ab4f8', 'Outline of the focused control'),
  // Input box
  custom('input-box-background-color', '#ffffff', '#4b4b4b', 'Background of inputs'),
  v('input-box-text-color', '#222222', '#f3f3f3', 'Text colour of inputs'),
  custom('input-box-border-radius', '5px', '5px', 'Corner radius of inputs', true),
  v('input-box-border-color', '#767676', '#a3a3a3', 'Border colour of inputs'),
  v('input-box-border-width', '1px', '1px', 'Border width of inputs'),
  v('otp-box-size', '40px', '40px', 'Width and height of each one-time-code box'),
  // Primary button
  custom('primary-button-background-color', '#121212', '#f3f3f3', 'Background of the main action'),
  custom('primary-button-text-color', '#f3f3f3', '#121212', 'Text colour of the main action'),
  v('primary-button-background-hover-color', '#4d4d4d', '#d7d7d7', 'Background of the main action on hover', {
    customization: 'passage_primary_button_hover_color',
  }),
  custom('primary-button-border-radius', '5px', '5px', 'Corner radius of the main action', true),
  custom('primary-button-border-color', '#121212', '#f3f3f3', 'Border colour of the main action'),
  custom('primary-button-border-width', '0px', '0px', 'Border width of the main action', true),
  v('primary-button-width', '100%', '100%', 'Minimum width of the main action and the other actions'),
  v('primary-button-font-size', '14px', '14px', 'Text size of the main action'),
  // Secondary button
  custom('secondary-button-background-color', '#ffffff', '#383838', 'Background of other actions'),
  custom('secondary-button-text-color', '#222222', '#f3f3f3', 'Text colour of other actions'),
  v('secondary-button-background-hover-color', '#d7d7d7', '#4d4d4d', 'Background of other actions on hover', {
    customization: 'passage_secondary_button_hover_color',
  }),
  custom('secondary-button-border-radius', '5px', '5px', 'Corner radius of other actions', true),
  custom('secondary-button-border-color', '#d7d7d7', '#6f6f6f', 'Border colour of other actions'),
  custom('secondary-button-border-width', '1px', '1px', 'Border width of other actions', true),
  v('secondary-button-font-size', '14px', '14px', 'Text size of other actions'),
];
