import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SECTIONS, sectionTitleId, type SectionId } from './sections';

/** A section's height before it is first drawn: about a section's, so the scroll bar barely moves. */
const ESTIMATED_HEIGHT = '1000px';

/**
 * A page section: the anchor target, with a focusable heading that navigation moves focus to.
 *
 * Every section is below the first screen, so the browser skips its style, layout and paint until it comes
 * near the viewport (`content-visibility: auto`): the first frame of the portfolio then computes only the
 * header and the landing, which halves the main thread's work before the page is usable on a slow phone.
 * Until a section is drawn it counts as `ESTIMATED_HEIGHT` high; once drawn, as high as it was
 * (`contain-intrinsic-size: auto`). Its text stays in the page for search, find-in-page and screen readers.
 */
export function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find((section) => section.id === id)?.title ?? id;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={sectionTitleId(id)}
      sx={{
        py: { xs: 6, md: 8 },
        scrollMarginTop: 16,
        contentVisibility: 'auto',
        containIntrinsicSize: `auto ${ESTIMATED_HEIGHT}`,
      }}
    >
      <Container maxWidth="lg">
        <Typography
          variant="h2"
          id={sectionTitleId(id)}
          tabIndex={-1}
          sx={{
            mb: 4,
            textAlign: 'center',
            '&:focus': { outline: 'none' },
            '&:focus-visible': { outline: '2px solid currentColor' },
          }}
        >
          {title}
        </Typography>
        {children}
      </Container>
    </Box>
  );
}
