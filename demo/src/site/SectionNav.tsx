import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';
import { jumpToSection, SECTIONS, type SectionId } from '../home/sections';
import { outlinedLink } from '../theme/outlinedLink';

/**
 * Outlined buttons to the portfolio's sections. On the portfolio they jump in the page (plain `#…` links
 * before hydration, so they work at once); on the other pages they lead to the portfolio's anchors.
 */
export function SectionNav({ onPortfolio }: { onPortfolio: boolean }) {
  const onClick = (id: SectionId) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onPortfolio || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (jumpToSection(id)) event.preventDefault();
  };
  return (
    <Box
      component="nav"
      aria-label="Sections"
      // Two rows of two on a phone: four in a row do not fit 390 px, and wrapping would leave one alone.
      sx={{
        gridArea: 'sections',
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
          href={`${onPortfolio ? '' : '/'}#${section.id}`}
          onClick={onClick(section.id)}
          sx={outlinedLink}
        >
          {section.label}
        </Box>
      ))}
    </Box>
  );
}
