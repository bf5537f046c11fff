import { THEME_STYLES } from '../../themes/styles';
import PROFILE_RULES from './profile.css?inline';

export { PROFILE_RULES };

/** Everything the profile's shadow root needs, adopted as one sheet (themes/sheets.ts). */
export const PROFILE_STYLES = THEME_STYLES + PROFILE_RULES;
