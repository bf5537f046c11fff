import { act, createElement, version } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PassageAuth, PassageProfile } from 'open-passage-react';

type AuthElement = HTMLElement & { appId: string; theme?: string; apiUrl?: string; onSuccess?: unknown };

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe(`open-passage-react on React ${version}`, () => {
  let container: HTMLDivElement;
  let root: ReturnType<typeof createRoot>;

  beforeEach(() => {
    // The element asks the server for the app when it connects; no server here, the request just waits.
    vi.stubGlobal('fetch', () => new Promise<never>(() => {}));
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });

  it('runs on the React version this project loads', () => {
    expect(version).toMatch(new RegExp(`^${process.env.EXPECT_REACT}\\.`));
  });

  it('sets the element props, the class and the callbacks, and calls the event handlers', async () => {
    const onSuccess = vi.fn();
    const first = vi.fn();
    const render = (onLoaded: (event: CustomEvent) => void, theme: 'dark' | 'light') =>
      act(() =>
        root.render(
          <PassageAuth
            appId="app-1"
            apiUrl="https://id.example.test"
            theme={theme}
            className="sign-in"
            onSuccess={onSuccess}
            onLoaded={onLoaded}
          />,
        ),
      );
    await render(first, 'dark');

    const element = container.querySelector('passage-auth') as AuthElement;
    expect(element).toBeInstanceOf(customElements.get('passage-auth'));
    expect(element.appId).toBe('app-1');
    expect(element.apiUrl).toBe('https://id.example.test');
    expect(element.theme).toBe('dark');
    expect(element.onSuccess).toBe(onSuccess);
    expect(element.classList.contains('sign-in')).toBe(true);

    element.dispatchEvent(new CustomEvent('loaded', { detail: { app: { id: 'app-1' } } }));
    expect(first).toHaveBeenCalledOnce();
    expect(first.mock.calls[0]?.[0].detail).toEqual({ app: { id: 'app-1' } });

    // A new handler and a new theme on re-render replace the old ones on the same element.
    const second = vi.fn();
    await render(second, 'light');
    expect(container.querySelector('passage-auth')).toBe(element);
    expect(element.theme).toBe('light');
    element.dispatchEvent(new CustomEvent('loaded', { detail: { app: { id: 'app-1' } } }));
    expect(first).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledOnce();
  });

  it('hands the profile change event to onPassageProfileChange', async () => {
    const onChange = vi.fn();
    await act(() =>
      root.render(createElement(PassageProfile, { appId: 'app-1', onPassageProfileChange: onChange })),
    );
    const element = container.querySelector('passage-profile')!;
    element.dispatchEvent(new CustomEvent('passageProfileChange', { detail: { field: 'email' } }));
    expect(onChange).toHaveBeenCalledOnce();
  });
});
