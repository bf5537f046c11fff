import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { portfolio } from '../content/portfolio';
import { outlinedLink } from '../theme/outlinedLink';

/** The host pages' links: plain links, so the portfolio arrives prerendered as on a first visit. */
export const SITE_LINKS = [
  { href: '/', label: 'Portfolio' },
  { href: '/passage', label: 'Sign in' },
] as const;

export type SitePath = (typeof SITE_LINKS)[number]['href'] | '/passageSuccess';

/** The owner's name and the way back to the portfolio, on every page but the portfolio itself. */
export function SiteHeader({ current }: { current?: SitePath }) {
  return (
    <Box component="header" sx={{ pt: 3 }}>
      <Container
        maxWidth="lg"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <Box
          component="a"
          href="/"
          sx={{ typography: 'h6', fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}
        >
          {portfolio.name}
        </Box>
        <Box component="nav" aria-label="Site" sx={{ display: 'flex', gap: 1.5 }}>
          {SITE_LINKS.map((link) => (
            <Box
              key={link.href}
              component="a"
              href={link.href}
              aria-current={link.href === current ? 'page' : undefined}
              sx={outlinedLink}
            >
              {link.label}
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
