import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { portfolio } from '../content/portfolio';
import { GALLERY_TIMING, galleryItems } from './galleryOptions';
import PhotoGallery from './PhotoGallery';

afterEach(cleanup);

describe('the About gallery', () => {
  it('uses the timing constants of SPEC §9', () => {
    expect(GALLERY_TIMING).toEqual({
      slideDuration: 450,
      slideInterval: 3000,
      swipeThreshold: 30,
      flickThreshold: 0.4,
      thumbnailHoverDelay: 300,
    });
  });

  it('gives every one of the 12 pictures and thumbnails alt text and a size', () => {
    const items = galleryItems(portfolio.gallery);
    expect(items).toHaveLength(12);
    for (const item of items) {
      expect(item.originalAlt).toBeTruthy();
      expect(item.thumbnailAlt).toBeTruthy();
      expect(Number(item.originalWidth)).toBeGreaterThan(0);
      expect(item.thumbnailHeight).toBeGreaterThan(0);
    }
  });

  it('shows slides with 12 thumbnails and ignores arrow keys pressed elsewhere on the page', () => {
    render(<PhotoGallery images={portfolio.gallery} />);
    const thumbnails = within(screen.getByRole('navigation', { name: 'Thumbnail Navigation' })).getAllByRole(
      'button',
    );
    expect(thumbnails).toHaveLength(12);
    const current = () => thumbnails.findIndex((t) => t.className.includes('active'));
    expect(current()).toBe(0);
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    fireEvent.keyDown(document.body, { key: 'ArrowRight', keyCode: 39 });
    expect(current()).toBe(0);
  });
});
