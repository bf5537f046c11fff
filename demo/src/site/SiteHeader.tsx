import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { portfolio } from '../content/portfolio';
import { useStoredSession } from '../pages/session';
import { outlinedLink } from '../theme/outlinedLink';
import { SectionNav } from './SectionNav';

export type SitePath = '/' | '/passage' | '/passageSuccess';

interface AccountLink {
  href: SitePath;
  label: string;
  /** The other label the link may have, whose width it keeps (hidden from everyone). */
  alternative: string;
}

/**
 * Signed out, the way to sign in; signed in, the account rather than a sign-in form the visitor has no use
 * for. The prerendered pages know no session, so the link keeps the width of its other label: finding one
 * after load must not move the header.
 */
const accountLink = (signedIn: boolean): AccountLink =>
  signedIn
    ? { href: '/passageSuccess', label: 'Your account', alternative: 'Sign in' }
    : { href: '/passage', label: 'Sign in', alternative: 'Your account' };

/** Both labels in one grid cell, the other one invisible: the link is as wide as the wider. */
const keepsWidth = {
  display: 'inline-grid',
  placeItems: 'center',
  '& > span': { gridArea: '1 / 1' },
  '& > [aria-hidden]': { visibility: 'hidden' },
} as const;

export interface SiteHeaderProps {
  /** The page it heads, marked in its links. */
  current?: SitePath;
  /** Whether someone is signed in here; read from the stored session when the page does not say. */
  signedIn?: boolean;
}

/**
 * The header of every page, the portfolio's included: the owner's name (the way home), the portfolio's
 * sections and the account link. On a phone the name and the account link share the first row, and the
 * sections sit below in two rows of two; from 900 px everything is one row. Its links are plain links, so
 * every page arrives prerendered.
 *
 * The session is read here, not by the page: on the portfolio a state change at the page's root would
 * reach the sections that hydrate later, before their code has arrived, and React would drop their
 * prerendered markup.
 */
export function SiteHeader({ current, signedIn }: SiteHeaderProps) {
  const stored = useStoredSession();
  const account = accountLink(signedIn ?? stored === true);
  const here = (href: SitePath) => (href === current ? 'page' : undefined);
  return (
    <Box component="header" sx={{ pt: 3 }}>
      <Container
        maxWidth="lg"
        sx={{
          display: 'grid',
          alignItems: 'center',
          columnGap: 3,
          rowGap: 2,
          gridTemplateColumns: { xs: '1fr auto', md: 'auto 1fr auto' },
          gridTemplateAreas: { xs: '"name account" "sections sections"', md: '"name sections account"' },
        }}
      >
        <Box
          component="a"
          href="/"
          aria-current={here('/')}
          sx={{
            gridArea: 'name',
            justifySelf: 'start',
            typography: 'h6',
            fontWeight: 600,
            color: 'text.primary',
            textDecoration: 'none',
            '&:hover': { textDecoration: 'underline' },
          }}
        >
          {portfolio.name}
        </Box>
        <SectionNav onPortfolio={current === '/'} />
        <Box component="nav" aria-label="Account" sx={{ gridArea: 'account', display: 'flex' }}>
          <Box
            component="a"
            href={account.href}
            aria-current={here(account.href)}
            sx={[outlinedLink, keepsWidth]}
          >
            <span>{account.label}</span>
            <span aria-hidden="true">{account.alternative}</span>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
