import type { GalleryImage } from '../content/types';

/**
 * Gallery timing. The thumbnail hover delay (300 ms) is hard-coded in react-image-gallery and only
 * applies with `slideOnThumbnailOver`; it is listed here to keep every timing constant in one place.
 */
export const GALLERY_TIMING = {
  slideDuration: 450,
  slideInterval: 3000,
  swipeThreshold: 30,
  flickThreshold: 0.4,
  thumbnailHoverDelay: 300,
} as const;

/** The items react-image-gallery expects, with sizes (no layout shift) and alt text on both images. */
export function galleryItems(images: readonly GalleryImage[]) {
  return images.map((image) => ({
    original: image.original,
    thumbnail: image.thumbnail,
    originalAlt: image.alt,
    thumbnailAlt: `Show: ${image.alt}`,
    originalWidth: String(image.width),
    originalHeight: String(image.height),
    thumbnailWidth: image.thumbnailWidth,
    thumbnailHeight: image.thumbnailHeight,
    loading: 'lazy' as const,
    thumbnailLoading: 'lazy' as const,
  }));
}
