import { createTheme } from '@mui/material/styles';

/** Nav buttons and their text are #3D405B. */
const ACCENT = '#3D405B';
/**
 * #3D405B is unreadable on a dark surface (1.9:1 on #121212), so the dark scheme uses a light tint of it
 * (#A5A8C2, 8:1 on #121212) to stay WCAG AA.
 */
const ACCENT_ON_DARK = '#A5A8C2';

export const FONT_FAMILY = '"Work Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/**
 * Light and dark schemes as CSS variables switched by `prefers-color-scheme`: the page follows the system
 * with no script, so the prerendered HTML never flashes the wrong scheme. Only weights 400 and 600 ship.
 */
export const theme = createTheme({
  cssVariables: true,
  colorSchemes: {
    light: {
      palette: {
        primary: { main: ACCENT },
        text: { primary: '#1f2033', secondary: '#4a4c63' },
        background: { default: '#fafafa', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        primary: { main: ACCENT_ON_DARK },
        text: { primary: '#ececf1', secondary: '#c4c6d6' },
        background: { default: '#121212', paper: '#1c1c22' },
      },
    },
  },
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  typography: {
    fontFamily: FONT_FAMILY,
    fontWeightMedium: 600,
    fontWeightBold: 600,
    h1: { fontSize: 'clamp(2.25rem, 6vw, 3.5rem)', fontWeight: 600 },
    h2: { fontSize: 'clamp(1.75rem, 4vw, 2.5rem)', fontWeight: 600 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    button: { fontWeight: 600 },
  },
});

// The theme uses CSS variables (cssVariables above): MUI's types then offer the props that go with them.
declare module '@mui/material/styles' {
  interface CssThemeVariables {
    enabled: true;
  }
}
