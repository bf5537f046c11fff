import type { EmotionCache } from '@emotion/cache';
import { AppProviders } from './AppProviders';
import { HomePage } from './home/HomePage';
import { HomeErrorBoundary } from './pages/HomeErrorBoundary';

/** The prerendered `/`: the same tree on the server (entry-server) and in the browser (entry-home). */
export function HomeApp({ cache }: { cache?: EmotionCache }) {
  return (
    <AppProviders cache={cache}>
      <HomeErrorBoundary>
        <HomePage />
      </HomeErrorBoundary>
    </AppProviders>
  );
}
