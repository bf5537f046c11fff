/**
 * The flow's client in the sign-in elements: the app info with a request of its own; the browser's
 * features and the waiting half of passkey autofill from small modules of their own (both start as the
 * form shows); every other call from PassageClient, which is downloaded when the flow first asks for
 * it, in practice when the visitor acts (docs/performance.md).
 */
import { fetchAppInfo, httpOptions } from '../../client/app-info-request';
import type { PassageClient } from '../../client/passage-client';
import type { FlowClient } from '../../flow/ports';

export function signInClient(appId: string, apiUrl: string | undefined): FlowClient {
  let loading: Promise<PassageClient> | undefined;
  const passageClient = () =>
    (loading ??= import('../../client/passage-client').then(
      ({ PassageClient }) => new PassageClient(appId, apiUrl ? { apiUrl } : {}),
    ));
  return {
    // Without an app id there is nothing to ask for: the flow shows the invalid-app-id notice.
    appInfo: (options) =>
      appId ? fetchAppInfo(httpOptions(apiUrl), appId, options) : Promise.reject(new Error('no app id')),
    browserFeatures: async (app) =>
      (await import('../../client/passkey-autofill')).detectBrowserFeatures(app),
    // The client is fetched only once a passkey was picked, for the finish call.
    loginConditional: async (signal) => {
      const { pickPasskey } = await import('../../client/passkey-autofill');
      const picked = await pickPasskey(httpOptions(apiUrl), appId, signal);
      return (await passageClient()).finishConditional(picked, { signal });
    },
    passageClient,
    socialPending: async () => (await import('../../client/social-storage')).readSocialPending(),
  };
}
