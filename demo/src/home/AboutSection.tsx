import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GalleryImage } from '../content/types';
import { GallerySlot } from '../gallery/GallerySlot';
import { Section } from './Section';

/** About Me: the photo gallery on the left, the paragraphs on the right (stacked on narrow screens). */
export function AboutSection({
  gallery,
  about,
}: {
  gallery: readonly GalleryImage[];
  about: readonly string[];
}) {
  return (
    <Section id="AboutPage">
      <Box
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <GallerySlot images={gallery} />
        <div>
          {about.map((paragraph) => (
            <Typography key={paragraph.slice(0, 40)} sx={{ mb: 2 }}>
              {paragraph}
            </Typography>
          ))}
        </div>
      </Box>
    </Section>
  );
}
