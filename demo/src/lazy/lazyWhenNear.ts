import { type ComponentType, lazy } from 'react';
import { whenNear } from './whenNear';

/**
 * A lazy component whose code is fetched only when the element `elementId` comes near the viewport. During
 * hydration React keeps the prerendered markup of its Suspense boundary until then. `preload()` (used by the
 * build-time render) makes the component render synchronously, so the prerendered HTML holds it in full.
 */
export function lazyWhenNear<P extends object>(
  elementId: string,
  load: () => Promise<ComponentType<P>>,
  margin = '400px',
) {
  let loaded: ComponentType<P> | undefined;
  const Component = lazy(() => {
    if (loaded) {
      // A thenable that resolves synchronously: React.lazy then renders at once (renderToString-safe).
      const module = { default: loaded };
      return { then: (resolve: (value: typeof module) => void) => resolve(module) } as unknown as Promise<
        typeof module
      >;
    }
    return whenNear(elementId, margin)
      .then(load)
      .then((component) => ({ default: component }));
  });
  const preload = async () => {
    loaded = await load();
  };
  return { Component, preload };
}
