import { CONTROL_STYLES, THEME_STYLES } from '../../themes/styles';
import SECONDARY_BUTTON_STYLES from '../../themes/secondary-button.css?inline';
import PROFILE_RULES from './profile.css?inline';

export { PROFILE_RULES };

/**
 * Everything the profile's shadow root needs, in order, each adopted as a sheet of its own
 * (themes/sheets.ts): the theme and the controls are the sheets the sign-in views adopt too.
 */
export const PROFILE_SHEETS: readonly string[] = [
  THEME_STYLES,
  CONTROL_STYLES,
  SECONDARY_BUTTON_STYLES,
  PROFILE_RULES,
];
