import type { SxProps, Theme } from '@mui/material/styles';

/**
 * MUI's outlined button look (theme typography, 4px corners, 1px #3D405B border, hover tint) on a plain
 * link. The navs need no more: MUI's Button would bring ButtonBase, the ripple and CircularProgress (its
 * `loading` state) into the first load and hydrate them four times, for links that only jump. The page a
 * link is on (`aria-current="page"`) is filled.
 */
export const outlinedLink = {
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
  '&[aria-current="page"]': { bgcolor: 'primary.main', color: 'primary.contrastText' },
} satisfies SxProps<Theme>;

/** The same link filled with the accent (MUI's contained button): a page's main action, like "Sign in". */
export const containedLink = {
  ...outlinedLink,
  px: '22px',
  py: '8px',
  bgcolor: 'primary.main',
  color: 'primary.contrastText',
  '&:hover': { bgcolor: 'primary.dark' },
} satisfies SxProps<Theme>;
