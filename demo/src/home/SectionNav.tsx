import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';
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
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: { xs: 'center', md: 'flex-end' } }}
    >
      {SECTIONS.map((section) => (
        <Button
          key={section.id}
          variant="outlined"
          color="primary"
          href={`#${section.id}`}
          onClick={onClick(section.id)}
          sx={{ borderColor: 'primary.main', color: 'primary.main' }}
        >
          {section.label}
        </Button>
      ))}
    </Box>
  );
}
