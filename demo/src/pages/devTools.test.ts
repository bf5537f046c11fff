import { afterEach, expect, it } from 'vitest';
import { showDevTools } from './devTools';

const panels = () => document.querySelectorAll('passage-debug-panel').length;

afterEach(() => document.querySelectorAll('passage-debug-panel').forEach((panel) => panel.remove()));

it('keeps the one panel while any page shows it, whatever order the pages leave in', async () => {
  // As React's StrictMode does: mount, unmount, mount again, with the module loads still under way.
  const first = showDevTools();
  const second = showDevTools();
  (await first)();
  expect(panels()).toBe(1);
  (await second)();
  expect(panels()).toBe(0);
});

it('the last page out removes the panel, and the next page to show it gets a new one', async () => {
  const shown = showDevTools();
  const remove = await shown;
  remove();
  expect(panels()).toBe(0);
  const again = await showDevTools();
  expect(panels()).toBe(1);
  again();
});
