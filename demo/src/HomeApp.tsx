import type { EmotionCache } from '@emotion/cache';
import { AppProviders } from './AppProviders';
import { HomePage } from './home/HomePage';
import { HomeErrorBoundary } from './pages/HomeErrorBoundary';

/**
 * The prerendered `/`: the same tree on the server (entry-server) and in the browser (entry-home), which
 * says when it hydrates the prerendered page (`themeVariablesInPage`).
 */
export function HomeApp({
  cache,
  themeVariablesInPage,
}: {
  cache?: EmotionCache;
  themeVariablesInPage?: boolean;
}) {
  return (
    <AppProviders cache={cache} themeVariablesInPage={themeVariablesInPage}>
      <HomeErrorBoundary>
        <HomePage />
      </HomeErrorBoundary>
    </AppProviders>
  );
}
