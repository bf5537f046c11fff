// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { DEFER_HYDRATION, startDecision, whenHydrated } from './hydration-gate';

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

describe('whenHydrated', () => {
  // Two tasks: the attribute's mutation record, then the start it schedules.
  const flush = () => new Promise((resolve) => setTimeout(() => setTimeout(resolve)));

  it('starts in the next task without defer-hydration', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const start = vi.fn();
    whenHydrated(host, start);
    await flush();
    expect(start).toHaveBeenCalledOnce();
    host.remove();
  });

  it('starts once for the calls of one task, with the last (properties set as the attribute goes)', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const first = vi.fn();
    const last = vi.fn();
    whenHydrated(host, first);
    whenHydrated(host, last);
    await flush();
    expect(first).not.toHaveBeenCalled();
    expect(last).toHaveBeenCalledOnce();
    host.remove();
  });

  it('starts once the framework removes defer-hydration, not before', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    host.setAttribute(DEFER_HYDRATION, '');
    const start = vi.fn();
    whenHydrated(host, start);
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
    const stop = whenHydrated(host, start);
    stop();
    host.removeAttribute(DEFER_HYDRATION);
    await flush();
    expect(start).not.toHaveBeenCalled();
    host.remove();
  });

  it('starts nothing for a host outside the document', () => {
    const start = vi.fn();
    whenHydrated(document.createElement('div'), start);
    expect(start).not.toHaveBeenCalled();
  });
});

describe('whenHydrated, called again for the same host', () => {
  it('starts once, for the newest call only (app-id and api-url set one after the other)', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    host.setAttribute(DEFER_HYDRATION, '');
    const first = vi.fn();
    const second = vi.fn();
    whenHydrated(host, first);
    whenHydrated(host, second);
    host.removeAttribute(DEFER_HYDRATION);
    await new Promise((resolve) => setTimeout(() => setTimeout(resolve)));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
    host.remove();
  });
});
