import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { portfolio } from '../content/portfolio';
import { Footer } from '../home/Footer';
import { SkipLink } from '../home/SkipLink';
import { SiteHeader, type SitePath } from '../site/SiteHeader';
import { useDevTools } from './useDevTools';
import { usePageTitle } from './usePageTitle';

export interface HostPageProps {
  /** What the tab's title names (before the owner's name). */
  title: string;
  /** The page's own path, marked in the header's links. */
  path?: SitePath;
  /** Whether a session is stored here (the header then links to the account); read from storage when absent. */
  signedIn?: boolean;
  /** Centres the content in the space between the header and the footer (a short page, like the sign-in form). */
  centred?: boolean;
  /** Shows the debug panel under `npm run dev` (the sign-in and account pages). */
  devTools?: boolean;
  children: ReactNode;
}

/** The frame of the pages beside the portfolio (sign-in, account, errors): its header, fonts, colours and footer. */
export function HostPage({
  title,
  path,
  signedIn,
  centred = false,
  devTools = false,
  children,
}: HostPageProps) {
  useDevTools(devTools);
  usePageTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink target="main" />
      <SiteHeader current={path} signedIn={signedIn} />
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', '&:focus': { outline: 'none' } }}
      >
        <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 }, my: centred ? 'auto' : 0 }}>
          {children}
        </Container>
      </Box>
      <Footer name={portfolio.name} year={portfolio.copyrightYear} />
    </Box>
  );
}
