import { describe, expect, it } from 'vitest';
import type { MetadataField } from '../../client/app-info';
import { libphonenumberReader as phone } from '../../phone/libphonenumber-reader';
import { acceptPaste, boxMaxLength, codeProblem, isCodeKey } from './code';
import { checkIdentifier } from './identifier';
import { checkMetadata, checkMetadataField, isIntegerKey, isIsoDate } from './metadata';
import { isEmail, looksLikePhone } from './patterns';

const id = (text: string, allowed: 'email' | 'phone' | 'both', country = 'us') =>
  checkIdentifier({ text, allowed, phone, country });

describe('identifier form', () => {
  it('names the missing identifier by mode', () => {
    expect(id('  ', 'email')).toEqual({ ok: false, message: 'enter-an-email-address' });
    expect(id('', 'phone')).toEqual({ ok: false, message: 'enter-a-phone-number' });
    expect(id('', 'both')).toEqual({ ok: false, message: 'enter-an-email-or-phone-number' });
  });

  it('rejects invalid input with the "valid" message of the mode', () => {
    expect(id('ann@', 'email')).toEqual({ ok: false, message: 'enter-a-valid-email-address' });
    expect(id('12', 'phone')).toEqual({ ok: false, message: 'enter-a-valid-phone-number' });
    expect(id('ann at example', 'both')).toEqual({
      ok: false,
      message: 'enter-a-valid-email-or-phone-number',
    });
    expect(id('12', 'both')).toEqual({ ok: false, message: 'enter-a-valid-email-or-phone-number' });
    expect(id('ann@example.com', 'phone')).toEqual({ ok: false, message: 'enter-a-valid-phone-number' });
  });

  it('trims and lower-cases emails', () => {
    expect(id('  Ann@Example.COM ', 'email')).toEqual({
      ok: true,
      identifier: 'ann@example.com',
      type: 'email',
    });
    expect(id('Ann@Example.com', 'both')).toMatchObject({ ok: true, type: 'email' });
  });

  it('takes phone numbers in full international form, using the dropdown country', () => {
    expect(id('(201) 555-0123', 'phone')).toEqual({ ok: true, identifier: '+12015550123', type: 'phone' });
    expect(id('020 7946 0958', 'both', 'gb')).toEqual({
      ok: true,
      identifier: '+442079460958',
      type: 'phone',
    });
    expect(id('+44 20 7946 0958', 'phone', 'us')).toMatchObject({ identifier: '+442079460958' });
  });

  it('cannot accept a phone without a phone reader', () => {
    expect(checkIdentifier({ text: '2015550123', allowed: 'phone', country: 'us' })).toMatchObject({
      ok: false,
    });
  });
});

describe('patterns', () => {
  it.each([
    ['ann@example.com', true],
    ['first.last+tag@sub.example.co', true],
    ['ann@[192.168.0.1]', true],
    ['"quoted name"@example.com', true],
    ['ann@example', false],
    ['ann@@example.com', false],
    ['ann example@example.com', false],
  ])('isEmail(%s) is %s', (text, valid) => expect(isEmail(text)).toBe(valid));

  it.each([
    ['+1 (201) 555-0123', true],
    ['2015550123', true],
    ['1+2', false],
    ['ann@example.com', false],
    ['12a', false],
  ])('looksLikePhone(%s) is %s', (text, like) => expect(looksLikePhone(text)).toBe(like));
});

const field = (type: MetadataField['type'], name: string = type): MetadataField => ({
  id: `id-${name}`,
  field_name: name,
  friendly_name: name,
  type,
  registration: true,
  profile: true,
});
const opts = { phone, country: 'us' };

describe('metadata fields', () => {
  it('requires strings and limits them to 63 characters', () => {
    expect(checkMetadataField(field('string'), undefined, opts)).toEqual({ ok: false, message: 'required' });
    expect(checkMetadataField(field('string'), 'a'.repeat(63), opts)).toEqual({
      ok: true,
      value: 'a'.repeat(63),
    });
    expect(checkMetadataField(field('string'), 'a'.repeat(64), opts)).toEqual({
      ok: false,
      message: '64-letters-max',
    });
  });

  it('checks dates', () => {
    expect(checkMetadataField(field('date'), '2024-02-29', opts)).toEqual({ ok: true, value: '2024-02-29' });
    expect(checkMetadataField(field('date'), '2023-02-29', opts)).toEqual({
      ok: false,
      message: 'invalid-date',
    });
    expect(checkMetadataField(field('date'), 'yesterday', opts)).toEqual({
      ok: false,
      message: 'invalid-date',
    });
    expect(isIsoDate('2024-13-01')).toBe(false);
  });

  it('checks emails with the 64 limit and the pattern', () => {
    expect(checkMetadataField(field('email'), 'ann@example.com', opts)).toMatchObject({ ok: true });
    expect(checkMetadataField(field('email'), 'ann', opts)).toEqual({ ok: false, message: 'invalid-email' });
    const long = `${'a'.repeat(60)}@example.com`;
    expect(checkMetadataField(field('email'), long, opts)).toEqual({ ok: false, message: '64-letters-max' });
  });

  it('allows whole numbers only', () => {
    expect(checkMetadataField(field('integer'), '-42', opts)).toEqual({ ok: true, value: -42 });
    expect(checkMetadataField(field('integer'), '4.2', opts)).toEqual({ ok: false, message: 'no-decimals' });
    expect(isIntegerKey('7')).toBe(true);
    expect(isIntegerKey('-')).toBe(true);
    expect(isIntegerKey('e')).toBe(false);
    expect(isIntegerKey('.')).toBe(false);
    expect(isIntegerKey('Backspace')).toBe(true);
  });

  it('replaces phones by the international number', () => {
    expect(checkMetadataField(field('phone'), '201 555 0123', opts)).toEqual({
      ok: true,
      value: '+12015550123',
    });
    expect(checkMetadataField(field('phone'), '555', opts)).toEqual({ ok: false, message: 'invalid-phone' });
  });

  it('turns missing booleans into false and keeps the others', () => {
    const check = checkMetadata(
      [field('boolean', 'a'), field('boolean', 'b'), field('string', 'name')],
      { b: true, name: 'Ann' },
      opts,
    );
    expect(check).toEqual({ values: { a: false, b: true, name: 'Ann' }, errors: {} });
  });

  it('reports every failing field', () => {
    const check = checkMetadata([field('string', 'name'), field('integer', 'age')], { age: '1.5' }, opts);
    expect(check.errors).toEqual({ name: 'required', age: 'no-decimals' });
  });
});

describe('code input', () => {
  it('needs exactly 6 characters and an otp id', () => {
    expect(codeProblem(undefined, 'otp')).toBe('Login code is undefined.');
    expect(codeProblem('12345', 'otp')).toBe('Login code is invalid length.');
    expect(codeProblem('1234567', 'otp')).toBe('Login code is invalid length.');
    expect(codeProblem('123456', undefined)).toBe('Login code id is undefined.');
    expect(codeProblem('123456', 'otp')).toBeUndefined();
  });

  it('accepts digits (numeric) or word characters (alphanumeric) and editing keys', () => {
    expect(isCodeKey('5', 'numeric')).toBe(true);
    expect(isCodeKey('a', 'numeric')).toBe(false);
    expect(isCodeKey('a', 'alphanumeric')).toBe(true);
    for (const key of ['Backspace', 'Tab', 'Enter', 'ArrowLeft', 'ArrowRight', 'Delete'])
      expect(isCodeKey(key, 'numeric')).toBe(true);
    expect(isCodeKey('v', 'numeric', true)).toBe(true);
    expect(isCodeKey('v', 'numeric')).toBe(false);
  });

  it('ignores pastes with other characters and truncates to the remaining boxes', () => {
    expect(acceptPaste('123456', 'numeric', 6)).toBe('123456');
    expect(acceptPaste('12345678', 'numeric', 4)).toBe('1234');
    expect(acceptPaste('12 34', 'numeric', 6)).toBeUndefined();
    expect(acceptPaste('ab12', 'numeric', 6)).toBeUndefined();
    expect(acceptPaste('ab12', 'alphanumeric', 6)).toBe('ab12');
  });

  it('lets the first box take a whole autofilled code', () => {
    expect(boxMaxLength(0)).toBe(6);
    expect(boxMaxLength(3)).toBe(1);
  });
});
