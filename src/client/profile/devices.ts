import type { CurrentUserClient } from '../current-user';
import type { CallOptions } from '../http';
import { PassageError } from '../passage-error';
import type { Device } from '../types';

/** `GET /currentuser/devices/`: the user's passkeys. */
export async function listDevices(user: CurrentUserClient, options?: CallOptions): Promise<Device[]> {
  return (await user.call<{ devices: Device[] }>('GET', '/devices/', undefined, options)).devices;
}

/** Renames a passkey. A missing id or an empty name fails with a 400 before any call. */
export async function renameDevice(
  user: CurrentUserClient,
  deviceId: string,
  friendlyName: string,
  options?: CallOptions,
): Promise<Device> {
  if (!deviceId || !friendlyName.trim()) {
    throw new PassageError(400, 'invalid_request', 'Renaming a passkey needs its id and a new name.');
  }
  const path = `/devices/${encodeURIComponent(deviceId)}`;
  return (await user.call<{ device: Device }>('PATCH', path, { friendly_name: friendlyName }, options))
    .device;
}

/** Deletes a passkey. A missing id fails with a 404 before any call. */
export async function deleteDevice(
  user: CurrentUserClient,
  deviceId: string,
  options?: CallOptions,
): Promise<void> {
  if (!deviceId) throw new PassageError(404, 'device_not_found', 'Deleting a passkey needs its id.');
  await user.call('DELETE', `/devices/${encodeURIComponent(deviceId)}`, undefined, options);
}
