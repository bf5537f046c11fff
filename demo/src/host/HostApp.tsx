import type { EmotionCache } from '@emotion/cache';
import type { ComponentType } from 'react';
import { AppProviders } from '../AppProviders';

/** A prerendered host page: the same tree on the server (entry-server) and in the browser (hydrateHostPage). */
export function HostApp({ Page, cache }: { Page: ComponentType; cache?: EmotionCache }) {
  return (
    <AppProviders cache={cache}>
      <Page />
    </AppProviders>
  );
}
