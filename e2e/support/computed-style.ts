import type { Locator } from '@playwright/test';

/** Computed values of the first element matching `selector` in the host's shadow root. */
export function computed(host: Locator, selector: string, properties: string[]): Promise<string[]> {
  return host.evaluate(
    (el, [sel, props]) => {
      const target = el.shadowRoot?.querySelector(sel as string);
      if (!target) throw new Error(`nothing matches ${sel as string}`);
      const style = getComputedStyle(target);
      return (props as string[]).map((p) => style.getPropertyValue(p));
    },
    [selector, properties] as const,
  );
}
