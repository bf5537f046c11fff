/**
 * The flow's client port in the elements: the app info with a request of its own, and every other
 * call from PassageClient, which is downloaded when the flow first needs it (once its first form is
 * on screen: docs/performance.md).
 */
import { fetchAppInfo, httpOptions } from '../../client/app-info-request';
import type { PassageClient } from '../../client/passage-client';
import type { FlowClient } from '../../flow/ports';

type LaterCall = Exclude<keyof FlowClient, 'appInfo'>;

/** Every call but appInfo (a record, so the compiler notices a call missing here). */
const LATER: Record<LaterCall, true> = {
  browserFeatures: true,
  credIdExists: true,
  identifierExists: true,
  createUser: true,
  register: true,
  login: true,
  loginConditional: true,
  newRegisterMagicLink: true,
  newLoginMagicLink: true,
  getMagicLinkStatus: true,
  magicLinkActivate: true,
  newRegisterOneTimePasscode: true,
  newLoginOneTimePasscode: true,
  oneTimePasscodeActivate: true,
  addDevice: true,
  currentUserInfo: true,
};

export function lazyClient(appId: string, apiUrl: string | undefined): FlowClient {
  let loading: Promise<PassageClient> | undefined;
  const client = () =>
    (loading ??= import('../../client/passage-client').then(
      ({ PassageClient }) => new PassageClient(appId, apiUrl ? { apiUrl } : {}),
    ));
  const port: Record<string, unknown> = {
    // Without an app id there is nothing to ask for: the flow shows the invalid-app-id notice.
    appInfo: (options?: { signal?: AbortSignal }) =>
      appId ? fetchAppInfo(httpOptions(apiUrl), appId, options) : Promise.reject(new Error('no app id')),
  };
  for (const name of Object.keys(LATER) as LaterCall[]) {
    port[name] = async (...args: unknown[]) => {
      const loaded = await client();
      return (loaded[name] as (...a: unknown[]) => unknown).apply(loaded, args);
    };
  }
  return port as unknown as FlowClient;
}
