import { describe, expect, it } from 'vitest';
import { VIEW_CATALOGUE } from '../view-catalogue';
import { VIEW_SAMPLES } from '../view-samples';
import { DEFAULT_SETTINGS, requestFor, viewWith } from './requests';

const entry = (id: string) => VIEW_CATALOGUE.find((e) => e.id === id)!;

describe('the preview requests', () => {
  it('asks for the live flow when no view is picked', () => {
    expect(requestFor(null, DEFAULT_SETTINGS, undefined)).toEqual({});
  });

  it('applies the app settings to the identifier form', () => {
    const settings = { ...DEFAULT_SETTINGS, allowed_identifier: 'phone' as const, public_signup: false };
    const view = viewWith(VIEW_SAMPLES['identifier-register']!, settings);
    expect(view).toMatchObject({
      allowedIdentifier: 'phone',
      publicSignup: false,
      registrationNotAllowed: true,
    });
  });

  it('applies the fallback method to the passkey views and the preset to the app', () => {
    const settings = { ...DEFAULT_SETTINGS, auth_fallback_method: 'none' as const, preset: 'Brand colours' };
    const request = requestFor(entry('register-passkey'), settings, undefined);
    expect(request.view).toMatchObject({ kind: 'register-passkey', fallbackMethod: 'none' });
    expect(request.app?.element_customization).toHaveProperty('passage_primary_button_background_color');
    expect(request.app?.element_customization_dark).toEqual(request.app?.element_customization);
  });

  it('gives the profile the sample account in the picked scene', () => {
    const request = requestFor(entry('profile-confirm-delete'), DEFAULT_SETTINGS, undefined);
    expect(request.profile?.scene).toBe('confirm-delete');
    expect(request.profile?.devices.length).toBeGreaterThan(0);
    expect(request.view).toBeUndefined();
  });
});
