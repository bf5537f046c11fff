import type { Page } from '@playwright/test';

/** Collects what the page's policy refuses (console messages and securitypolicyviolation events). */
export async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|violates/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`violates ${event.effectiveDirective}: ${event.blockedURI} (${event.sample})`);
    });
  });
  return violations;
}
