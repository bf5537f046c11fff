/**
 * The flow's client port in the elements: the app info with a request of its own; the browser's
 * features and the waiting half of passkey autofill from small modules of their own (both start as the
 * form shows); every other call from PassageClient, which is downloaded when the flow first makes one,
 * in practice when the visitor acts (docs/performance.md).
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
  const browserFeatures: FlowClient['browserFeatures'] = async (app) =>
    (await import('../../client/passkey-autofill')).detectBrowserFeatures(app);
  // The client is fetched only once a passkey was picked, for the finish call.
  const loginConditional: FlowClient['loginConditional'] = async (signal) => {
    const { pickPasskey } = await import('../../client/passkey-autofill');
    const picked = await pickPasskey(httpOptions(apiUrl), appId, signal);
    return (await client()).finishConditional(picked, { signal });
  };
  const own: Partial<FlowClient> = { appInfo, browserFeatures, loginConditional };
  // Any other call: PassageClient's method of that name, once it has loaded.
  return new Proxy({} as FlowClient, {
    get: (_, name: keyof FlowClient | 'then') =>
      // Not a thenable: awaiting the port itself must not call anything.
      name === 'then'
        ? undefined
        : (own[name] ??
          (async (...args: unknown[]) => {
            const loaded = await client();
            return (loaded[name] as Call).apply(loaded, args);
          })),
  });
}
