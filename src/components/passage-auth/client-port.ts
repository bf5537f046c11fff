/**
 * The flow's client port in the elements: the app info with a request of its own, and every other
 * call from PassageClient, which is downloaded when the flow first makes one (once its first form is
 * on screen: docs/performance.md).
 */
import { fetchAppInfo, httpOptions } from '../../client/app-info-request';
import type { PassageClient } from '../../client/passage-client';
import type { FlowClient } from '../../flow/ports';

type Call = (...args: unknown[]) => unknown;

export function lazyClient(appId: string, apiUrl: string | undefined): FlowClient {
  let loading: Promise<PassageClient> | undefined;
  const client = () =>
    (loading ??= import('../../client/passage-client').then(
      ({ PassageClient }) => new PassageClient(appId, apiUrl ? { apiUrl } : {}),
    ));
  // Without an app id there is nothing to ask for: the flow shows the invalid-app-id notice.
  const appInfo: FlowClient['appInfo'] = (options) =>
    appId ? fetchAppInfo(httpOptions(apiUrl), appId, options) : Promise.reject(new Error('no app id'));
  // Any other call: PassageClient's method of that name, once it has loaded.
  return new Proxy({} as FlowClient, {
    get: (_, name: keyof FlowClient | 'then') =>
      // Not a thenable: awaiting the port itself must not call anything.
      name === 'then'
        ? undefined
        : name === 'appInfo'
          ? appInfo
          : async (...args: unknown[]) => {
              const loaded = await client();
              return (loaded[name] as Call).apply(loaded, args);
            },
  });
}
