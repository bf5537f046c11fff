import THEME from './theme.css?inline';
import CONTROLS from './controls.css?inline';
import VIEWS from './views.css?inline';

/** The theme every element shares (theme.css): the documented variables' defaults and the container. */
export const THEME_STYLES = THEME;

/** The rules the sign-in views and the profile share (controls.css): buttons, spinner, hidden text. */
export const CONTROL_STYLES = CONTROLS;

/**
 * The stylesheets of every view (views.css on top of the theme and the shared controls), adopted by
 * the element's shadow root by the view frame (a <style> where constructable sheets are missing, see
 * sheets.ts), so the views are self-contained wherever they are rendered. Each text is a sheet of its
 * own, so a page's sign-in elements and profile adopt one and the same sheet of the theme and the
 * controls.
 */
export const VIEW_SHEETS: readonly string[] = [THEME, CONTROLS, VIEWS];
