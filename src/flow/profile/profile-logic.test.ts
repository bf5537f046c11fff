import { describe, expect, it } from 'vitest';
import type { MetadataField } from '../../client/app-info';
import { libphonenumberReader } from '../../phone/libphonenumber-reader';
import {
  checkDeviceName,
  currentDeviceId,
  devicePage,
  pageAfterResize,
  pageButtonAfterTurn,
} from './devices';
import { checkNewIdentifier } from './identifier-edit';
import { checkMetadataForm, draftFromMetadata } from './metadata-form';
import { profileFields } from './profile-fields';
import { initialProfileState, profileReducer } from './profile-state';

const field = (id: string, type: MetadataField['type'], profile = true): MetadataField => ({
  id,
  field_name: id,
  friendly_name: id.toUpperCase(),
  type,
  registration: true,
  profile,
});

const devices = Array.from({ length: 25 }, (_, i) => ({ id: `d${i}`, cred_id: `c${i}` }));
const us = { phone: libphonenumberReader, country: 'us' };

describe('profile grid', () => {
  it('places profile fields by the profile layout on 6 columns and appends the unplaced ones', () => {
    const placed = profileFields({
      user_metadata_schema: [
        field('a', 'string'),
        field('b', 'date'),
        field('c', 'email'),
        field('x', 'string', false),
      ],
      layouts: {
        registration: [],
        profile: [
          { id: 'b', x: 3, y: 0, w: 3, h: 1 },
          { id: 'a', x: 0, y: 0, w: 12, h: 1 },
        ],
      },
    });
    expect(placed.map((p) => [p.field.id, p.column, p.row, p.width])).toEqual([
      ['a', 1, 1, 6],
      ['b', 4, 1, 3],
      ['c', 1, 2, 6],
    ]);
  });
});

describe('metadata form', () => {
  const fields = [
    field('name', 'string'),
    field('born', 'date'),
    field('vip', 'boolean'),
    field('age', 'integer'),
  ];

  it('collects every field error at once', () => {
    const result = checkMetadataForm(fields, { name: 'x'.repeat(64), born: '2024-02-30', age: '1.5' }, us);
    expect(result).toEqual({
      ok: false,
      errors: { name: '64-letters-max', born: 'invalid-date', age: 'no-decimals' },
    });
  });

  it('returns values ready to save, missing booleans false', () => {
    expect(checkMetadataForm(fields, { name: 'Ann', born: '2000-01-31', age: '30' }, us)).toEqual({
      ok: true,
      values: { name: 'Ann', born: '2000-01-31', vip: false, age: 30 },
    });
  });

  it('starts the draft from stored metadata as text', () => {
    expect(draftFromMetadata(fields, { name: 'Ann', age: 30, vip: true })).toEqual({
      name: 'Ann',
      born: '',
      vip: true,
      age: '30',
    });
    expect(draftFromMetadata(fields, null)).toEqual({ name: '', born: '', vip: false, age: '' });
  });
});

describe('new email or phone', () => {
  it('gives the identifier-form messages for empty and invalid input', () => {
    expect(checkNewIdentifier('email', ' ', 'a@b.io', us)).toEqual({
      ok: false,
      error: 'enter-an-email-address',
    });
    expect(checkNewIdentifier('email', 'nope', 'a@b.io', us)).toEqual({
      ok: false,
      error: 'enter-a-valid-email-address',
    });
    expect(checkNewIdentifier('phone', '', '', us)).toEqual({ ok: false, error: 'enter-a-phone-number' });
    expect(checkNewIdentifier('phone', 'abc', '', us)).toEqual({
      ok: false,
      error: 'enter-a-valid-phone-number',
    });
  });

  it('normalises valid input and notices an unchanged value', () => {
    expect(checkNewIdentifier('email', ' New@Example.COM ', 'a@b.io', us)).toEqual({
      ok: true,
      value: 'new@example.com',
    });
    expect(checkNewIdentifier('email', 'A@B.io', 'a@b.io', us)).toEqual({
      ok: false,
      error: 'identifier-unchanged',
    });
    expect(checkNewIdentifier('phone', '(201) 555-0123', '', us)).toEqual({
      ok: true,
      value: '+12015550123',
    });
    expect(checkNewIdentifier('phone', '020 7946 0958', '', { ...us, country: 'gb' })).toEqual({
      ok: true,
      value: '+442079460958',
    });
  });
});

describe('devices', () => {
  it('pages through 25 devices and clamps past the end', () => {
    expect(devicePage(devices, 0, 10)).toMatchObject({
      page: 0,
      pageCount: 3,
      first: 1,
      last: 10,
      total: 25,
    });
    expect(devicePage(devices, 2, 10).rows.map((d) => d.id)).toEqual(['d20', 'd21', 'd22', 'd23', 'd24']);
    expect(devicePage(devices, 9, 10)).toMatchObject({ page: 2, first: 21, last: 25 });
    expect(devicePage([], 0, 10)).toMatchObject({ page: 0, pageCount: 1, first: 0, last: 0 });
    expect(pageAfterResize(20, 5)).toBe(4);
  });

  it('sends the focus to the paginator button still usable on the first and last pages', () => {
    expect(pageButtonAfterTurn(devicePage(devices, 2, 10))).toBe('previous');
    expect(pageButtonAfterTurn(devicePage(devices, 0, 10))).toBe('next');
    expect(pageButtonAfterTurn(devicePage(devices, 1, 10))).toBeUndefined();
    expect(pageButtonAfterTurn(devicePage(devices, 0, 25))).toBeUndefined();
  });

  it('marks the device whose credential this browser remembers for the user', () => {
    expect(currentDeviceId(devices, 'u1', { u1: 'c7' })).toBe('d7');
    expect(currentDeviceId(devices, 'u1', { u2: 'c7' })).toBeNull();
  });

  it('requires a device name under 64 characters', () => {
    expect(checkDeviceName('  ')).toEqual({ ok: false, error: 'device-name-is-required' });
    expect(checkDeviceName('k'.repeat(64))).toEqual({ ok: false, error: '64-letters-max' });
    expect(checkDeviceName(' Laptop ')).toEqual({ ok: true, value: 'Laptop' });
  });
});

describe('profile state', () => {
  it('opens one edit or dialog at a time, only when ready', () => {
    const loading = profileReducer(initialProfileState, { type: 'edit', editing: { kind: 'metadata' } });
    expect(loading.editing.kind).toBe('none');
    const ready = profileReducer(initialProfileState, { type: 'loaded' });
    const editing = profileReducer(ready, {
      type: 'edit',
      editing: { kind: 'identifier', identifier: 'email' },
    });
    const dialog = profileReducer(editing, {
      type: 'open',
      dialog: { kind: 'confirm-delete', deviceId: 'd1' },
    });
    expect(dialog.dialog).toEqual({ kind: 'confirm-delete', deviceId: 'd1' });
    const swapped = profileReducer(dialog, { type: 'edit', editing: { kind: 'metadata' } });
    expect(swapped).toMatchObject({ editing: { kind: 'metadata' }, dialog: { kind: 'none' } });
  });

  it('closes everything when the session expires', () => {
    const ready = profileReducer(initialProfileState, { type: 'loaded' });
    const editing = profileReducer(ready, { type: 'edit', editing: { kind: 'metadata' } });
    expect(profileReducer(editing, { type: 'failed', status: 'session-expired' })).toEqual({
      status: 'session-expired',
      editing: { kind: 'none' },
      dialog: { kind: 'none' },
    });
  });
});
