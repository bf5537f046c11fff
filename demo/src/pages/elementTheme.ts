import { FONT_FAMILY } from '../theme/theme';

/**
 * The elements in the site's font and accent, light or dark with the page (the MUI theme's CSS variables
 * switch with the system, as the elements' `theme="auto"` does). A page's value of a `--passage-*`
 * variable beats the elements' defaults (docs/theming.md).
 */
export const elementTheme = {
  '& passage-auth, & passage-profile': {
    '--passage-body-font-family': FONT_FAMILY,
    '--passage-header-font-family': FONT_FAMILY,
    '--passage-primary-button-background-color': 'var(--mui-palette-primary-main)',
    '--passage-primary-button-border-color': 'var(--mui-palette-primary-main)',
    '--passage-primary-button-text-color': 'var(--mui-palette-primary-contrastText)',
    '--passage-primary-button-background-hover-color': 'var(--mui-palette-primary-dark)',
  },
} as const;
