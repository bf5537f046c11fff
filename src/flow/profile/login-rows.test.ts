import { describe, expect, it } from 'vitest';
import type { MetadataField } from '../../client/app-info';
import { canLookUp, identifierKinds, needsPhoneLibrary } from './login-rows';

const none = { email: '', phone: '' };
const phoneField = { type: 'phone' } as MetadataField;
const textField = { type: 'string' } as MetadataField;

describe('login-info rows', () => {
  it('offer what the app allows', () => {
    expect(identifierKinds('email', none)).toEqual(['email']);
    expect(identifierKinds('phone', none)).toEqual(['phone']);
    expect(identifierKinds('both', none)).toEqual(['email', 'phone']);
    expect(identifierKinds('email', null)).toEqual(['email']);
  });

  it('also show an identifier the user holds that the app does not offer', () => {
    expect(identifierKinds('email', { email: 'a@b.example', phone: '+12015550123' })).toEqual([
      'email',
      'phone',
    ]);
    expect(identifierKinds('phone', { email: 'a@b.example', phone: '+12015550123' })).toEqual([
      'email',
      'phone',
    ]);
  });
});

describe('the phone library', () => {
  const app = (profile_management: boolean, fields: MetadataField[] = [textField]) => ({
    profile_management,
    user_metadata_schema: fields,
  });

  it('loads when a phone row can be edited, even in an email-only app', () => {
    expect(needsPhoneLibrary(app(true), identifierKinds('email', { email: 'a@b.c', phone: '+1201' }))).toBe(
      true,
    );
    expect(needsPhoneLibrary(app(true), ['email', 'phone'])).toBe(true);
  });

  it('loads for an editable phone field of the profile form', () => {
    expect(needsPhoneLibrary(app(true, [textField, phoneField]), ['email'])).toBe(true);
  });

  it('stays away when nobody can type a phone number', () => {
    expect(needsPhoneLibrary(app(true), ['email'])).toBe(false);
    expect(needsPhoneLibrary(app(false, [phoneField]), ['email', 'phone'])).toBe(false);
  });
});

describe('looking a new identifier up before the change', () => {
  it('only for the identifiers the app signs in with', () => {
    expect(canLookUp('both', 'phone')).toBe(true);
    expect(canLookUp('email', 'email')).toBe(true);
    expect(canLookUp('phone', 'phone')).toBe(true);
    expect(canLookUp('email', 'phone')).toBe(false);
    expect(canLookUp('phone', 'email')).toBe(false);
  });
});
