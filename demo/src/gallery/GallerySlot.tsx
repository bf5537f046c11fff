import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { GalleryImage } from '../content/types';

const PhotoGallery = lazy(() => import('./PhotoGallery'));

/** The height of react-image-gallery's thumbnail bar (its CSS uses smaller borders up to 768px wide). */
const THUMBNAIL_BAR_HEIGHT = 80;
const THUMBNAIL_BAR_HEIGHT_NARROW = 78;
const NARROW = '@media (max-width: 768px)';

/**
 * Reserves the gallery's space and loads it only when it comes near the viewport: the gallery's code and
 * pictures are not part of the first load. Before that (and in the prerendered HTML) the slot shows the
 * first picture, so the section never looks empty and nothing shifts when the gallery arrives.
 */
export function GallerySlot({ images }: { images: readonly GalleryImage[] }) {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = slot.current;
    if (!element) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const first = images[0];
  const placeholder = first ? (
    <>
      <Box
        component="img"
        src={first.original}
        alt={first.alt}
        width={first.width}
        height={first.height}
        loading="lazy"
        decoding="async"
        sx={{ display: 'block', width: '100%', height: 'auto' }}
      />
      <Box sx={{ height: THUMBNAIL_BAR_HEIGHT, [NARROW]: { height: THUMBNAIL_BAR_HEIGHT_NARROW } }} />
    </>
  ) : null;
  // The gallery's slides keep the pictures' proportions (its CSS would give them a fixed height), so the
  // gallery arriving in place of the placeholder moves nothing on the page.
  const sizing = first
    ? {
        '& .image-gallery-slide .image-gallery-image': {
          height: 'auto',
          aspectRatio: `${first.width} / ${first.height}`,
        },
      }
    : {};

  return (
    <Box ref={slot} data-testid="gallery-slot" sx={{ minWidth: 0, ...sizing }}>
      {near ? <Suspense fallback={placeholder}>{<PhotoGallery images={images} />}</Suspense> : placeholder}
    </Box>
  );
}
