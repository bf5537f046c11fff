import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PassageAuth } from 'open-passage-react';
import { passageAppId } from '../config';
import { elementAttributes, elementTheme } from './elementTheme';
import { HostPage } from './HostPage';

/** What signing in gives, above the form (the widget's own title says "Log in" or "Register"). */
const SIGN_IN_PROMISE =
  'Sign in or create an account, with no password, to manage your email address, passkeys and profile.';

/**
 * The sign-in widget in the site's frame, light or dark as the system is, like the rest of the site, in the
 * middle of the page. Its column is as high as the sign-in form from the start, so the block is centred
 * before the element has drawn anything and nothing moves when the form appears.
 */
export function PassagePage() {
  return (
    <HostPage title="Sign in" path="/passage" devTools centred>
      <Typography sx={{ mb: 3, mx: 'auto', maxWidth: '26rem', textAlign: 'center', color: 'text.secondary' }}>
        {SIGN_IN_PROMISE}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: '19rem', ...elementTheme }}>
        <PassageAuth appId={passageAppId} theme="auto" {...elementAttributes} />
      </Box>
    </HostPage>
  );
}
