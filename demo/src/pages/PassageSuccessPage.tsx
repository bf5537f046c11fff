import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PassageProfile } from 'open-passage-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { passageAppId } from '../config';
import { elementTheme } from './elementTheme';
import { HostPage } from './HostPage';
import { hasStoredSession } from './session';

type ProfileChangeEvent = CustomEvent<{ type: string; revoked?: boolean }>;

/**
 * After sign-in: "Way to go!" and the signed-in user's profile (following the system's light or dark
 * setting), whose own button signs out. A sign-out the server confirmed goes to the sign-in page; when the
 * server could not be reached the profile stays, saying so. Signed out (or never signed in), the page
 * says so; the profile then offers to sign in.
 */
export function PassageSuccessPage() {
  useEffect(() => {
    // The debug panel under `npm run dev` only: a production build drops this branch (devTools.ts).
    if (!import.meta.env.DEV) return;
    const hide = import('./devTools').then((module) => module.showDevTools());
    return () => void hide.then((remove) => remove());
  }, []);
  const [signedIn, setSignedIn] = useState(() => hasStoredSession());
  const navigate = useNavigate();
  const onChange = ({ detail }: ProfileChangeEvent) => {
    if (detail.type === 'loaded') setSignedIn(true);
    if (detail.type === 'signed-out' || detail.type === 'session-expired') setSignedIn(false);
    if (detail.type === 'signed-out' && detail.revoked) void navigate('/passage');
  };
  return (
    <HostPage title={signedIn ? 'Your account' : 'Not signed in'} path="/passageSuccess" signedIn={signedIn}>
      <Typography variant="h2" component="h1" sx={{ mb: 3, textAlign: 'center' }}>
        {signedIn ? 'Way to go!' : 'You are not signed in.'}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', ...elementTheme }}>
        <PassageProfile
          appId={passageAppId}
          theme="auto"
          signInUrl="/passage"
          onPassageProfileChange={onChange as never}
        />
      </Box>
    </HostPage>
  );
}
