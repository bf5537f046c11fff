import { createApp, h, nextTick, ref } from 'vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PassageAuth } from 'open-passage-vue';

type AuthElement = HTMLElement & { appId: string; theme?: string; onSuccess?: unknown; onEvent?: unknown };

describe('open-passage-vue (the built package)', () => {
  let container: HTMLDivElement;

  beforeEach(() => {
    // The element asks the server for the app when it connects; no server here, the request just waits.
    vi.stubGlobal('fetch', () => new Promise<never>(() => {}));
    container = document.createElement('div');
    document.body.append(container);
  });

  afterEach(() => {
    container.remove();
    vi.unstubAllGlobals();
  });

  it('defines the element, sets its props and callback props, and hands its DOM events to Vue handlers', async () => {
    const onSuccess = vi.fn();
    const onEvent = vi.fn();
    const onLoaded = vi.fn();
    const theme = ref<'dark' | 'light'>('dark');
    const app = createApp({
      render: () => h(PassageAuth, { appId: 'app-1', theme: theme.value, onSuccess, onEvent, onLoaded }),
    });
    app.mount(container);
    await nextTick();
    const el = container.querySelector('passage-auth') as AuthElement;
    expect(customElements.get('passage-auth'), 'importing the component defines the element').toBeDefined();
    expect(el.appId).toBe('app-1');
    expect(el.theme).toBe('dark');
    // Vue's DOM renderer takes every on… key for a listener; the wrapper sets these two as properties.
    expect(el.onSuccess).toBe(onSuccess);
    expect(el.onEvent).toBe(onEvent);
    theme.value = 'light';
    await nextTick();
    expect(el.theme).toBe('light');
    const loaded = new CustomEvent('loaded', { detail: { app: { id: 'app-1' } } });
    el.dispatchEvent(loaded);
    expect(onLoaded).toHaveBeenCalledWith(loaded);
    expect(onSuccess).not.toHaveBeenCalled();
    app.unmount();
  });
});
