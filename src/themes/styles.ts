import THEME from './theme.css?inline';
import VIEWS from './views.css?inline';

/** The theme every element shares (theme.css): the documented variables' defaults and the container. */
export const THEME_STYLES = THEME;

/**
 * The stylesheet of every view (views.css on top of the theme), adopted by the element's shadow root
 * by the view frame (a <style> where constructable sheets are missing, see sheets.ts), so the views
 * are self-contained wherever they are rendered.
 */
export const VIEW_STYLES = THEME + VIEWS;
