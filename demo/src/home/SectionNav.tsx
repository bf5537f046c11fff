import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';
import { outlinedLink } from '../theme/outlinedLink';
import { jumpToSection, SECTIONS, type SectionId } from './sections';

/** Outlined buttons that jump to the page's anchors (plain links before hydration, so they work at once). */
export function SectionNav() {
  const onClick = (id: SectionId) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (jumpToSection(id)) event.preventDefault();
  };
  return (
    <Box
      component="nav"
      aria-label="Sections"
      // Two rows of two on a phone: four in a row do not fit 390 px, and wrapping would leave one alone.
      sx={{
        display: { xs: 'grid', sm: 'flex' },
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        flexWrap: 'wrap',
        gap: 1.5,
        justifyContent: { sm: 'center', md: 'flex-end' },
      }}
    >
      {SECTIONS.map((section) => (
        <Box
          key={section.id}
          component="a"
          href={`#${section.id}`}
          onClick={onClick(section.id)}
          sx={outlinedLink}
        >
          {section.label}
        </Box>
      ))}
    </Box>
  );
}
