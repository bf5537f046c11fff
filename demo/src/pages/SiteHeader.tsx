import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { portfolio } from '../content/portfolio';
import { outlinedLink } from '../theme/outlinedLink';

export type SitePath = '/' | '/passage' | '/passageSuccess';

interface SiteLink {
  href: SitePath;
  label: string;
  /** The label the link may have instead, whose width it keeps (hidden from everyone). */
  alternative?: string;
}

const SIGN_IN = { href: '/passage', label: 'Sign in' } as const;
const ACCOUNT = { href: '/passageSuccess', label: 'Your account' } as const;

/**
 * The host pages' links: plain links, so the portfolio arrives prerendered as on a first visit. Signed
 * in, the second leads to the account rather than to a sign-in form the visitor has no use for. The
 * prerender knows no session, so that link keeps the width of its other label: finding one after load
 * must not move the page (at 390 px "Your account" would wrap the nav onto a second line).
 */
export const siteLinks = (signedIn: boolean): SiteLink[] => [
  { href: '/', label: 'Portfolio' },
  signedIn ? { ...ACCOUNT, alternative: SIGN_IN.label } : { ...SIGN_IN, alternative: ACCOUNT.label },
];

/** Both labels in one grid cell, the other one invisible: the link is as wide as the wider. */
const keepsWidth = {
  display: 'inline-grid',
  placeItems: 'center',
  '& > span': { gridArea: '1 / 1' },
  '& > [aria-hidden]': { visibility: 'hidden' },
} as const;

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
              sx={[outlinedLink, link.alternative ? keepsWidth : {}]}
            >
              <span>{link.label}</span>
              {link.alternative && <span aria-hidden="true">{link.alternative}</span>}
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
