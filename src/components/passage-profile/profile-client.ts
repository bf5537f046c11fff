/** The profile flow's client port on the real `PassageClient` and the profile calls. */
import { PassageClient } from '../../client/passage-client';
import {
  changeEmail,
  changePhone,
  deleteDevice,
  deleteSocialConnection,
  getCurrentUser,
  getUserMetadata,
  linkSocialConnection,
  listDevices,
  listSocialConnections,
  renameDevice,
  updateUserMetadata,
} from '../../client/profile';
import type { ProfileClient } from '../../flow/profile';

export function profileClient(appId: string, apiUrl: string): ProfileClient {
  const client = new PassageClient(appId, { apiUrl });
  const account = () => client.getCurrentUser();
  return {
    target: { appId, apiUrl, pageOrigin: typeof location === 'undefined' ? '' : location.origin },
    // Without an app id (the element defined before its framework set its props) there is nothing to ask
    // the server for: the element shows the invalid-app view until app-id arrives, as passage-auth does.
    appInfo: () => (appId ? client.appInfo() : Promise.reject(new Error('no app id'))),
    hasSession: () => !!(client.tokenStore.getAuthToken() || client.tokenStore.getRefreshToken()),
    magicLinkActivate: (token) => client.magicLinkActivate(token),
    currentUser: () => getCurrentUser(account()),
    devices: () => listDevices(account()),
    userMetadata: () => getUserMetadata(account()),
    identifierExists: async (identifier) => !!(await client.identifierExists(identifier)),
    changeIdentifier: (kind, value, options) =>
      kind === 'email' ? changeEmail(account(), value, options) : changePhone(account(), value, options),
    updateUserMetadata: (values) => updateUserMetadata(account(), values),
    renameDevice: (deviceId, name) => renameDevice(account(), deviceId, name),
    deleteDevice: (deviceId) => deleteDevice(account(), deviceId),
    addDevice: () => account().addDevice('platform'),
    socialConnections: () => listSocialConnections(account()),
    unlinkSocial: (connection) => deleteSocialConnection(account(), connection),
    linkSocial: (connection, redirectUri) => linkSocialConnection(account(), connection, redirectUri),
    socialPending: () => client.socialPending(),
    finishSocial: (code) => client.finishSocialAuthentication(code),
    forgetSocial: () => client.forgetSocial(),
    signOut: () => client.getCurrentSession().signOut(),
    credentials: () => client.credentials.all(),
  };
}
