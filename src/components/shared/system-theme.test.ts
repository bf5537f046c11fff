import { afterEach, describe, expect, it, vi } from 'vitest';
import { SystemTheme } from './system-theme';

/** A `matchMedia` whose dark preference the test flips. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
      listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    listeners,
    flip(next: boolean) {
      dark = next;
      for (const listener of listeners) listener({ matches: next });
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SystemTheme', () => {
  it('resolves the theme attribute: auto follows the system, anything unknown is light', () => {
    fakeSystem(true);
    const theme = new SystemTheme(() => undefined);
    expect([theme.mode('auto'), theme.mode('light'), theme.mode('dark'), theme.mode('blue')]).toEqual([
      'dark',
      'light',
      'dark',
      'light',
    ]);
  });

  it('follows the system live while watching, once, and stops', () => {
    const system = fakeSystem(false);
    let changes = 0;
    const theme = new SystemTheme(() => changes++);
    theme.watch();
    theme.watch();
    expect(system.listeners.size).toBe(1);
    system.flip(true);
    expect([theme.mode('auto'), changes]).toEqual(['dark', 1]);
    theme.stop();
    expect(system.listeners.size).toBe(0);
  });

  it('reads the preference again when watching resumes (it may have changed while detached)', () => {
    const system = fakeSystem(false);
    const theme = new SystemTheme(() => undefined);
    theme.watch();
    theme.stop();
    system.flip(true);
    expect(theme.mode('auto')).toBe('light');
    theme.watch();
    expect(theme.mode('auto')).toBe('dark');
  });

  it('shows light where there is no matchMedia (server rendering)', () => {
    const theme = new SystemTheme(() => undefined);
    theme.watch();
    expect(theme.mode('auto')).toBe('light');
    theme.stop();
  });
});
