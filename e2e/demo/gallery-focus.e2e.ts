import { expect, type Locator, test } from '@playwright/test';

/** What tells a thumbnail apart: its border, outline and shadow. */
const look = (thumbnail: Locator) =>
  thumbnail.evaluate((el) => {
    const s = getComputedStyle(el);
    const ring = getComputedStyle(el.querySelector('.image-gallery-thumbnail-inner') ?? el, '::after');
    return [s.borderTopColor, s.outlineStyle, s.boxShadow, ring.boxShadow].join(' | ');
  });

test("the gallery's keyboard-focused thumbnail looks unlike the selected one", async ({ page }) => {
  await page.goto('/#AboutPage');
  const thumbnails = page.getByRole('navigation', { name: 'Thumbnail Navigation' }).getByRole('button');
  await expect(thumbnails).toHaveCount(12);
  const selected = page.locator('.image-gallery-thumbnail.active');
  await expect(selected.locator('img')).toHaveAttribute('alt', 'Show: Sunrise over the harbour');
  const plain = await look(thumbnails.nth(3));

  // From the keyboard: Tab from the selected thumbnail to the next one.
  await selected.focus();
  await page.keyboard.press('Tab');
  const focused = thumbnails.nth(1);
  await expect(focused).toBeFocused();
  expect(await focused.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
  const [focusLook, selectedLook] = [await look(focused), await look(selected)];
  expect(focusLook).not.toBe(selectedLook);
  expect(focusLook).not.toBe(plain);
  expect(selectedLook).not.toBe(plain);
});
