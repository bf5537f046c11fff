import { passageAppId } from '../config';
import { FONT_FAMILY } from '../theme/theme';

/**
 * The elements in the site's font and accent, light or dark with the page (the MUI theme's CSS variables
 * switch with the system, as the elements' `theme="auto"` does). A page's value of a `--passage-*`
 * variable beats the elements' defaults (docs/theming.md). Each element spans the column, so its widget
 * (centred, up to its maximum width) keeps its place as its content grows, with no layout shift.
 */
export const elementTheme = {
  '& passage-auth, & passage-profile': {
    width: '100%',
    '--passage-body-font-family': FONT_FAMILY,
    '--passage-header-font-family': FONT_FAMILY,
    '--passage-primary-button-background-color': 'var(--mui-palette-primary-main)',
    '--passage-primary-button-border-color': 'var(--mui-palette-primary-main)',
    '--passage-primary-button-text-color': 'var(--mui-palette-primary-contrastText)',
    '--passage-primary-button-background-hover-color': 'var(--mui-palette-primary-dark)',
  },
} as const;

/**
 * Attributes the elements carry in the prerendered markup, where the React wrapper renders none of their
 * props: the element starts when its script defines it, before hydration sets its props, and must know
 * its app by then (without it, it would ask the server for app "undefined").
 */
export const elementAttributes: Record<string, string> = { 'app-id': passageAppId };
