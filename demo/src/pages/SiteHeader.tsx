import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { portfolio } from '../content/portfolio';
import { outlinedLink } from '../theme/outlinedLink';

export type SitePath = '/' | '/passage' | '/passageSuccess';

/**
 * The host pages' links: plain links, so the portfolio arrives prerendered as on a first visit. Signed
 * in, the second leads to the account rather than to a sign-in form the visitor has no use for.
 */
export const siteLinks = (signedIn: boolean): { href: SitePath; label: string }[] => [
  { href: '/', label: 'Portfolio' },
  signedIn ? { href: '/passageSuccess', label: 'Your account' } : { href: '/passage', label: 'Sign in' },
];

/** The owner's name and the way back to the portfolio, on every page but the portfolio itself. */
export function SiteHeader({ current, signedIn }: { current?: SitePath; signedIn: boolean }) {
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
          {siteLinks(signedIn).map((link) => (
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
