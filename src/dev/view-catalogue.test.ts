import { describe, expect, it } from 'vitest';
import type { AppProblem, ViewKind } from '../flow/view-state';
import { PROFILE_SCENES } from './profile-samples';
import { entriesFor, VIEW_CATALOGUE } from './view-catalogue';
import { VIEW_LABELS } from './view-labels';
import { VIEW_SAMPLES } from './view-samples';

/** Every view kind (the Record makes the compiler refuse a missing or unknown one). */
const KINDS: Record<ViewKind, true> = {
  loading: true,
  'invalid-app-id': true,
  'app-unavailable': true,
  identifier: true,
  'magic-link-activation': true,
  'register-passkey': true,
  'passkey-login': true,
  'one-time-code': true,
  'magic-link-sent': true,
  'add-device': true,
  'device-not-supported': true,
  'login-not-supported': true,
  'no-fallback': true,
  success: true,
};

describe('the view catalogue', () => {
  const samples = Object.values(VIEW_SAMPLES);

  it('has a sample of every view kind', () => {
    for (const kind of Object.keys(KINDS)) {
      expect(
        samples.some((s) => s.kind === kind),
        kind,
      ).toBe(true);
    }
  });

  it('has every identifier mode and allowed identifier, every app problem and activation state', () => {
    const forms = samples.filter((s) => s.kind === 'identifier');
    for (const mode of ['login', 'register'])
      expect(
        forms.some((s) => s.mode === mode),
        mode,
      ).toBe(true);
    for (const allowed of ['email', 'phone', 'both'])
      expect(
        forms.some((s) => s.allowedIdentifier === allowed),
        allowed,
      ).toBe(true);
    expect(forms.some((s) => s.metadata.length > 0)).toBe(true);
    // The provider buttons, with every built-in mark and the neutral one, and a callback's error.
    const providers = new Set(forms.flatMap((s) => (s.social ?? []).map((o) => o.type)));
    for (const type of ['google', 'github', 'apple']) expect(providers.has(type), type).toBe(true);
    expect(providers.size).toBeGreaterThan(3);
    expect(forms.some((s) => s.socialError)).toBe(true);
    const problems = samples.flatMap((s) => (s.kind === 'app-unavailable' ? [s.problem.reason] : []));
    const reasons: Record<AppProblem['reason'], true> = {
      'app-not-found': true,
      'origin-not-allowed': true,
      'server-unreachable': true,
      'server-error': true,
    };
    expect(problems.sort()).toEqual(Object.keys(reasons).sort());
    const activations = samples.filter((s) => s.kind === 'magic-link-activation');
    for (const status of ['loading', 'success', 'failure', 'invalid'])
      expect(
        activations.some((s) => s.status === status),
        status,
      ).toBe(true);
  });

  it('names every sample, and names no sample that is not there', () => {
    expect(Object.keys(VIEW_LABELS).sort()).toEqual(Object.keys(VIEW_SAMPLES).sort());
  });

  it('lists every sign-in sample and profile scene once, with unique ids and labels', () => {
    expect(VIEW_CATALOGUE).toHaveLength(samples.length + Object.keys(PROFILE_SCENES).length);
    expect(new Set(VIEW_CATALOGUE.map((e) => e.id)).size).toBe(VIEW_CATALOGUE.length);
    expect(new Set(VIEW_CATALOGUE.map((e) => e.label)).size).toBe(VIEW_CATALOGUE.length);
    expect(VIEW_CATALOGUE.some((e) => e.label === 'One-time code')).toBe(true);
  });

  it('offers the profile scenes to the profile and the sign-in views to the sign-in elements', () => {
    expect(entriesFor('passage-profile').every((e) => e.element === 'profile')).toBe(true);
    expect(entriesFor('passage-login')).toHaveLength(samples.length);
  });
});
