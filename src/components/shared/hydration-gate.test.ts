// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { DEFER_HYDRATION, startDecision, startWhenHydrated } from './hydration-gate';

describe('startDecision', () => {
  it('starts a connected element that no framework is about to hydrate (plain HTML, script tag, CSR)', () => {
    expect(startDecision({ isConnected: true, deferred: false })).toBe('start');
  });

  it('waits while a server-rendered element carries defer-hydration (its properties are not set yet)', () => {
    expect(startDecision({ isConnected: true, deferred: true })).toBe('wait-for-hydration');
  });

  it('does nothing for an element outside the document', () => {
    expect(startDecision({ isConnected: false, deferred: false })).toBe('idle');
    expect(startDecision({ isConnected: false, deferred: true })).toBe('idle');
  });
});

describe('startWhenHydrated', () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve));

  it('starts at once without defer-hydration', () => {
    const host = document.body.appendChild(document.createElement('div'));
    const start = vi.fn();
    startWhenHydrated(host, start);
    expect(start).toHaveBeenCalledOnce();
    host.remove();
  });

  it('starts once the framework removes defer-hydration, not before', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    host.setAttribute(DEFER_HYDRATION, '');
    const start = vi.fn();
    startWhenHydrated(host, start);
    host.setAttribute('data-other', 'x');
    await flush();
    expect(start).not.toHaveBeenCalled();
    host.removeAttribute(DEFER_HYDRATION);
    await flush();
    expect(start).toHaveBeenCalledOnce();
    host.remove();
  });

  it('stops waiting when told to (the element was removed before hydration)', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    host.setAttribute(DEFER_HYDRATION, '');
    const start = vi.fn();
    const stop = startWhenHydrated(host, start);
    stop();
    host.removeAttribute(DEFER_HYDRATION);
    await flush();
    expect(start).not.toHaveBeenCalled();
    host.remove();
  });

  it('starts nothing for a host outside the document', () => {
    const start = vi.fn();
    startWhenHydrated(document.createElement('div'), start);
    expect(start).not.toHaveBeenCalled();
  });
});
