import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portfolio } from '../content/portfolio';
import { GALLERY_TIMING, galleryItems } from './galleryOptions';
import PhotoGallery from './PhotoGallery';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the About gallery', () => {
  it('slides in 450 ms every 3 s, with set swipe, flick and hover thresholds', () => {
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

/** jsdom has no matchMedia: answers as a browser would for the visitor's motion preference. */
function prefersMotion(preference: 'reduce' | 'no-preference') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === `(prefers-reduced-motion: ${preference})`,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

/** How long (ms) the gallery's slides and thumbnails take to move, from its styles after one step forward. */
function transitionsAfterNext() {
  const { container } = render(<PhotoGallery images={portfolio.gallery} />);
  fireEvent.click(screen.getByRole('button', { name: 'Next Slide' }));
  const style = (selector: string) =>
    /(\d+)ms/.exec(container.querySelector<HTMLElement>(selector)?.style.transition ?? '')?.[1];
  return {
    slides: style('.image-gallery-slides-container'),
    thumbnails: style('.image-gallery-thumbnails-container'),
  };
}

describe('the gallery under prefers-reduced-motion', () => {
  it('slides in 450 ms for visitors who have not asked for less motion', () => {
    prefersMotion('no-preference');
    expect(transitionsAfterNext()).toEqual({ slides: '450', thumbnails: '450' });
  });

  it('changes slides at once (duration 0) for visitors who asked for reduced motion', () => {
    prefersMotion('reduce');
    expect(transitionsAfterNext()).toEqual({ slides: '0', thumbnails: '0' });
  });
});
