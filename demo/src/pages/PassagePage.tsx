import Box from '@mui/material/Box';
import { PassageAuth } from 'open-passage-react';
import { passageAppId } from '../config';
import { elementAttributes, elementTheme } from './elementTheme';
import { HostPage } from './HostPage';
import { useDevTools } from './useDevTools';

/** The sign-in widget in the site's frame, light or dark as the system is, like the rest of the site. */
export function PassagePage() {
  useDevTools();
  return (
    <HostPage title="Sign in" path="/passage">
      <Box sx={{ display: 'flex', justifyContent: 'center', ...elementTheme }}>
        <PassageAuth appId={passageAppId} theme="auto" {...elementAttributes} />
      </Box>
    </HostPage>
  );
}
