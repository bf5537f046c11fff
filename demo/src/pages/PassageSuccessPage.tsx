import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PassageProfile } from 'open-passage-react';
import { passageAppId } from '../config';
import { elementAttributes, elementTheme } from './elementTheme';
import { HostPage } from './HostPage';
import { useSignedIn } from './profileReport';

type ProfileChangeEvent = CustomEvent<{ type: string; revoked?: boolean }>;

const STATUS = { in: 'Way to go! You are signed in.', out: 'You are not signed in.' };

/**
 * After sign-in: "Your account", "Way to go!", what the page is for, and the signed-in user's profile (following the system's light
 * or dark setting), whose own button signs out. A sign-out the server confirmed goes to the sign-in page;
 * when the server could not be reached the profile stays, saying so. Signed out (or never signed in), the
 * page says so; the profile then offers to sign in.
 *
 * The page is prerendered, where no session is known: the heading is the same either way, and the line
 * saying whether one is signed in fills its reserved line once the browser has read the stored tokens, so
 * nothing moves and hydration finds the markup it rendered. What the profile reports wins over the stored
 * tokens, even when it reports before the page has hydrated (./profileReport.ts).
 */
export function PassageSuccessPage() {
  const signedIn = useSignedIn();
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
          (a spinner first) without moving anything in view. */}
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'flex-start',
          minHeight: '100vh',
          ...elementTheme,
        }}
      >
        <PassageProfile
          {...elementAttributes}
          appId={passageAppId}
          theme="auto"
          signInUrl="/passage"
          onPassageProfileChange={onChange as never}
        />
      </Box>
    </HostPage>
  );
}
