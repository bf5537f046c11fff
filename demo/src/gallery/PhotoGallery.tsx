import ImageGallery from 'react-image-gallery';
import 'react-image-gallery/styles/image-gallery.css';
import './thumbnail-focus.css';
import type { GalleryImage } from '../content/types';
import { prefersReducedMotion } from '../home/sections';
import { GALLERY_TIMING, galleryItems } from './galleryOptions';

/**
 * Slides with thumbnails. Keys act only while the gallery has focus (`useWindowKeyDown={false}`), so arrow
 * keys pressed elsewhere still scroll the page; no autoplay; no sliding animation under reduced motion.
 */
export default function PhotoGallery({ images }: { images: readonly GalleryImage[] }) {
  return (
    <ImageGallery
      items={galleryItems(images)}
      slideDuration={prefersReducedMotion() ? 0 : GALLERY_TIMING.slideDuration}
      slideInterval={GALLERY_TIMING.slideInterval}
      swipeThreshold={GALLERY_TIMING.swipeThreshold}
      flickThreshold={GALLERY_TIMING.flickThreshold}
      useWindowKeyDown={false}
      autoPlay={false}
      showPlayButton={false}
      showThumbnails
      lazyLoad
    />
  );
}
