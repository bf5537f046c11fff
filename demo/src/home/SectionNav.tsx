import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { MouseEvent } from 'react';
import { jumpToSection, SECTIONS, type SectionId } from './sections';

/**
 * MUI's outlined button look (theme typography, 4px corners, 1px #3D405B border, hover tint) on a plain
 * link. The nav needs no more: MUI's Button would bring ButtonBase, the ripple and CircularProgress (its
 * `loading` state) into the first load and hydrate them four times, for links that only jump.
 */
const outlinedLink: SxProps<Theme> = {
  typography: 'button',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 64,
  px: '15px',
  py: '5px',
  border: 1,
  borderColor: 'primary.main',
  borderRadius: 1,
  color: 'primary.main',
  textDecoration: 'none',
  transition: (theme: Theme) =>
    theme.transitions.create(['background-color', 'border-color', 'color'], {
      duration: theme.transitions.duration.short,
    }),
  '&:hover': {
    bgcolor: (theme: Theme) =>
      theme.alpha(
        (theme.vars ?? theme).palette.primary.main,
        (theme.vars ?? theme).palette.action.hoverOpacity,
      ),
  },
  '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
};

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
