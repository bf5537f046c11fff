import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SECTIONS, sectionTitleId, type SectionId } from './sections';

/** A page section: the anchor target, with a focusable heading that navigation moves focus to. */
export function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find((section) => section.id === id)?.title ?? id;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={sectionTitleId(id)}
      sx={{ py: { xs: 6, md: 8 }, scrollMarginTop: 16 }}
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
