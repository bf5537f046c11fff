import { passageAppId } from '../config';
import { FONT_FAMILY } from '../theme/theme';

/**
 * The elements in the site's font, the sign-in form outlined like the portfolio's cards (a 1px ring in the
 * theme's divider colour, as the elements have no border of their own). Their colours are the app's (its `element_customization` in
 * demo/passage-apps.json gives the buttons the site's accent, light and dark): a page's value of a
 * `--passage-*` variable beats the app's configuration (docs/theming.md), so the page sets none of the
 * colours the app may configure. Each element spans the column, so its widget (centred, up to its maximum
 * width) keeps its place as its content grows, with no layout shift.
 */
export const elementTheme = {
  '& passage-auth, & passage-profile': {
    width: '100%',
    '--passage-body-font-family': FONT_FAMILY,
    '--passage-header-font-family': FONT_FAMILY,
  },
  '& passage-auth': { '--passage-container-box-shadow': '0 0 0 1px var(--mui-palette-divider)' },
} as const;

/**
 * Attributes the elements carry in the prerendered markup, where the React wrapper renders none of their
 * props: the element starts when its script defines it, before hydration sets its props, and must know
 * its app by then (without it, it would ask the server for app "undefined").
 */
export const elementAttributes: Record<string, string> = { 'app-id': passageAppId };
