export { deleteDevice, listDevices, renameDevice } from './devices';
export { changeEmail, changePhone, getCurrentUser, type IdentifierChangeOptions } from './identifiers';
export { getUserMetadata, updateUserMetadata } from './user-metadata';
export { deleteSocialConnection, linkSocialConnection, listSocialConnections } from './social-connections';
