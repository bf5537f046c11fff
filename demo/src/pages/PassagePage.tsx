import Box from '@mui/material/Box';
import { PassageAuth } from 'open-passage-react';
import { passageAppId } from '../config';
import { elementAttributes, elementTheme } from './elementTheme';
import { HostPage } from './HostPage';

/** The sign-in widget in the site's frame, light or dark as the system is, like the rest of the site. */
export function PassagePage() {
  return (
    <HostPage title="Sign in" path="/passage" devTools>
      <Box sx={{ display: 'flex', justifyContent: 'center', ...elementTheme }}>
        <PassageAuth appId={passageAppId} theme="auto" {...elementAttributes} />
      </Box>
    </HostPage>
  );
}
