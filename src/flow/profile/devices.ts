import type { Device } from '../../client/types';
import { TEXT_MAX_EXCLUSIVE } from '../validation/metadata';

/** The fields of a passkey the profile logic reads. */
export type DeviceRow = Pick<Device, 'id' | 'cred_id'>;

export const PAGE_SIZES = [5, 10, 25] as const;
export const DEFAULT_PAGE_SIZE = 10;

export interface DevicePage<D extends DeviceRow = Device> {
  rows: D[];
  /** 0-based page actually shown (clamped when the list shrank). */
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last row shown, 0 when empty. */
  first: number;
  last: number;
  total: number;
}

/** The slice of the devices list one page shows. */
export function devicePage<D extends DeviceRow>(devices: D[], page: number, pageSize: number): DevicePage<D> {
  const total = devices.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const shown = Math.min(Math.max(0, page), pageCount - 1);
  const start = shown * pageSize;
  const rows = devices.slice(start, start + pageSize);
  return {
    rows,
    page: shown,
    pageCount,
    first: rows.length ? start + 1 : 0,
    last: start + rows.length,
    total,
  };
}

/**
 * The paginator button to focus after a turn to `page`: on the first or last page the pressed button
 * turns disabled, which drops the focus to the page body, so the other one, still usable, takes it.
 */
export function pageButtonAfterTurn(page: DevicePage<DeviceRow>): 'previous' | 'next' | undefined {
  if (page.pageCount < 2) return undefined;
  if (page.page === 0) return 'next';
  return page.page === page.pageCount - 1 ? 'previous' : undefined;
}

/** The page that keeps the row at `firstRow` (0-based) in view after the page size changes. */
export function pageAfterResize(firstRow: number, pageSize: number): number {
  return Math.floor(Math.max(0, firstRow) / pageSize);
}

/** The id of the device this browser signed in with: `psg_cred_obj` maps user id to credential id. */
export function currentDeviceId(devices: DeviceRow[], userId: string, credentials: Record<string, string>) {
  const credId = credentials[userId];
  return credId ? (devices.find((device) => device.cred_id === credId)?.id ?? null) : null;
}

export type DeviceNameError = 'device-name-is-required' | '64-letters-max';

/** A new passkey name: trimmed, required, fewer than 64 characters (like a metadata text). */
export function checkDeviceName(
  input: string,
): { ok: true; value: string } | { ok: false; error: DeviceNameError } {
  const name = input.trim();
  if (!name) return { ok: false, error: 'device-name-is-required' };
  if (name.length >= TEXT_MAX_EXCLUSIVE) return { ok: false, error: '64-letters-max' };
  return { ok: true, value: name };
}
