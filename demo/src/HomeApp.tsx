import { AppProviders } from './AppProviders';
import { HomePage } from './home/HomePage';
import { HomeErrorBoundary } from './pages/HomeErrorBoundary';

/** The prerendered `/`: the same tree on the server (entry-server) and in the browser (entry-home). */
export function HomeApp() {
  return (
    <AppProviders>
      <HomeErrorBoundary>
        <HomePage />
      </HomeErrorBoundary>
    </AppProviders>
  );
}
