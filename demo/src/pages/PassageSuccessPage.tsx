import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { containedLink } from '../theme/outlinedLink';
import { elementTheme } from './elementTheme';
import { HostPage } from './HostPage';
import type { ProfileChangeEvent } from './ProfilePanel';
import { useSignedIn } from './profileReport';
import { hasStoredSession } from './session';

const loadProfilePanel = async () => ({ default: (await import('./ProfilePanel')).ProfilePanel });
// With tokens stored, the profile's code downloads beside the page's instead of after hydration.
if (typeof window !== 'undefined' && hasStoredSession()) void loadProfilePanel();
const ProfilePanel = lazy(loadProfilePanel);

const STATUS = { in: 'Way to go! You are signed in.', out: 'You are not signed in.' };

/**
 * After sign-in: "Your account", "Way to go!", what the page is for, and the signed-in user's profile (following
 * the system's light or dark setting), whose own button signs out. A sign-out the server confirmed goes to the
 * sign-in page; when the server could not be reached the profile stays, saying so.
 *
 * A visitor who arrives without a session is told so once and offered to sign in; the profile, which would
 * say it again in its own words (and offer to sign in "again"), is never loaded for them. A session that
 * ends here (signed out, expired) keeps the profile, which says what happened and offers to sign in again.
 *
 * The page is prerendered, where no session is known: the heading is the same either way, and the line
 * saying whether one is signed in fills its reserved line once the browser has read the stored tokens, so
 * nothing moves and hydration finds the markup it rendered. The profile's column is reserved in the
 * prerendered page; its code loads once the stored tokens say there is a session. What the profile reports
 * wins over the stored tokens (./profileReport.ts).
 */
export function PassageSuccessPage() {
  const signedIn = useSignedIn();
  // Whether this visit has seen a session (stored tokens, or the profile loaded), so its end is the profile's to tell.
  const [hadSession, setHadSession] = useState(false);
  if (signedIn === true && !hadSession) setHadSession(true);
  const offerSignIn = signedIn === false && !hadSession;
  const onChange = ({ detail }: ProfileChangeEvent) => {
    // A new page load, like the header's links: the sign-in page arrives prerendered.
    if (detail.type === 'signed-out' && detail.revoked) window.location.assign('/passage');
  };
  return (
    <HostPage
      title={signedIn === false ? 'Not signed in' : 'Your account'}
      path="/passageSuccess"
      devTools
      signedIn={signedIn === true}
    >
      <Typography variant="h2" component="h1" sx={{ mb: 1, textAlign: 'center' }}>
        Your account
      </Typography>
      <Typography variant="h6" component="p" sx={{ mb: 1, textAlign: 'center', minHeight: '1lh' }}>
        {signedIn === null ? '' : STATUS[signedIn ? 'in' : 'out']}
      </Typography>
      <Typography sx={{ mb: 3, mx: 'auto', maxWidth: '36rem', textAlign: 'center', color: 'text.secondary' }}>
        Here you can see and change how you sign in (your email address or phone number and your passkeys) and
        your personal information.
      </Typography>
      {/* A screen's height: the footer starts below the first screen, so the profile grows into its data
          (a spinner first), or the sign-in link takes its place, without moving anything in view. */}
      <Box sx={{ minHeight: '100vh', ...elementTheme }}>
        {offerSignIn && (
          <Box sx={{ textAlign: 'center' }}>
            <Box component="a" href="/passage" sx={containedLink}>
              Sign in
            </Box>
          </Box>
        )}
        {hadSession && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Suspense fallback={null}>
              <ProfilePanel onChange={onChange} />
            </Suspense>
          </Box>
        )}
      </Box>
    </HostPage>
  );
}
