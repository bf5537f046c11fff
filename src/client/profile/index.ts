export { deleteDevice, listDevices, renameDevice } from './devices';
export { changeEmail, changePhone, getCurrentUser } from './identifiers';
export { getUserMetadata, updateUserMetadata } from './user-metadata';
