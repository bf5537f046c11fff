import type { EmotionCache } from '@emotion/cache';
import type { ComponentType } from 'react';
import { AppProviders } from '../AppProviders';

interface HostAppProps {
  Page: ComponentType;
  cache?: EmotionCache;
  /** Hydrating the prerendered page, whose HTML holds the theme's CSS variables. */
  themeVariablesInPage?: boolean;
}

/** A prerendered host page: the same tree on the server (entry-server) and in the browser (hydrateHostPage). */
export function HostApp({ Page, cache, themeVariablesInPage }: HostAppProps) {
  return (
    <AppProviders cache={cache} themeVariablesInPage={themeVariablesInPage}>
      <Page />
    </AppProviders>
  );
}
