import Box from '@mui/material/Box';
import { PassageAuth } from 'open-passage-react';
import { useEffect } from 'react';
import { passageAppId } from '../config';
import { elementAttributes, elementTheme } from './elementTheme';
import { HostPage } from './HostPage';

/** The sign-in widget in the site's frame, light or dark as the system is, like the rest of the site. */
export function PassagePage() {
  useEffect(() => {
    // The debug panel under `npm run dev` only: a production build drops this branch (devTools.ts).
    if (!import.meta.env.DEV) return;
    const hide = import('./devTools').then((module) => module.showDevTools());
    return () => void hide.then((remove) => remove());
  }, []);
  return (
    <HostPage title="Sign in" path="/passage">
      <Box sx={{ display: 'flex', justifyContent: 'center', ...elementTheme }}>
        <PassageAuth appId={passageAppId} theme="auto" {...elementAttributes} />
      </Box>
    </HostPage>
  );
}
