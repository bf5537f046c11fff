import '@fontsource/work-sans/latin-400.css';
import '@fontsource/work-sans/latin-600.css';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { emotionCache } from './theme/emotionCache';
import { theme } from './theme/theme';

/**
 * No motion at all for visitors who have asked for reduced motion. The page itself scrolls instantly: the nav
 * asks for a smooth scroll per jump (`jumpToSection`), while a link opened from elsewhere (`/#ContactPage`)
 * must land at once. A smooth load-time scroll would aim at where the section was when it started, before
 * the sections above it (`content-visibility: auto`) take their real heights, and stop past it.
 */
const motionStyles = {
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
} as const;

export interface AppProvidersProps {
  children: ReactNode;
  /** The prerender's cache; in the browser, the one whose styles carry the page's CSP nonce. */
  cache?: EmotionCache;
  /**
   * The page's HTML already holds the theme's CSS variables (a prerendered page being hydrated). MUI would
   * otherwise build its 20 kB of variables for both schemes again, only for Emotion to find them inserted.
   */
  themeVariablesInPage?: boolean;
}

export function AppProviders({ children, cache, themeVariablesInPage = false }: AppProvidersProps) {
  // noSsr: settle the colour-scheme state in the first render. Its usual post-mount update would reach the
  // lazily hydrated sections (ContactSection) before their code arrives, and React would then drop their
  // prerendered markup. The schemes switch by CSS media query, so the markup never depends on that state.
  return (
    <CacheProvider value={cache ?? emotionCache()}>
      <ThemeProvider theme={theme} noSsr disableStyleSheetGeneration={themeVariablesInPage}>
        <CssBaseline enableColorScheme />
        <GlobalStyles styles={motionStyles} />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
