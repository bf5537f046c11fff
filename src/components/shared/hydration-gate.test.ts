// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { DEFER_HYDRATION, keepServerForm, startDecision, whenHydrated } from './hydration-gate';

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
  const flush = () => new Promise((resolve) => setTimeout(resolve));

  it('starts at once without defer-hydration', () => {
    const host = document.body.appendChild(document.createElement('div'));
    const start = vi.fn();
    whenHydrated(host, start);
    expect(start).toHaveBeenCalledOnce();
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

describe('keepServerForm', () => {
  const serverRendered = () => {
    const root = document.createElement('div').attachShadow({ mode: 'open' });
    root.innerHTML = '<form><input name="identifier"></form>';
    return root;
  };

  it("keeps the server's nodes until the element's first view is in, then empties the root", async () => {
    const root = serverRendered();
    const element = { view: { kind: 'loading' } };
    const kept = keepServerForm(root, element);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(root.querySelector('input')).not.toBeNull();
    element.view = { kind: 'identifier' };
    await kept;
    expect(root.childNodes).toHaveLength(0);
  });

  it('gives up waiting after the timeout (the element then renders what it has)', async () => {
    const root = serverRendered();
    await keepServerForm(root, { view: { kind: 'loading' } }, 60);
    expect(root.childNodes).toHaveLength(0);
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
    await new Promise((resolve) => setTimeout(resolve));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
    host.remove();
  });
});
