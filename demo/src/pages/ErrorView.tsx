import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { outlinedLink } from '../theme/outlinedLink';
import { HostPage } from './HostPage';

/** The error page: "Oops!", the sentence and the detail in italics, in the site's frame. */
export function ErrorView({ detail }: { detail: string }) {
  return (
    <HostPage title={`Oops! ${detail}`}>
      <Box id="error-page" sx={{ textAlign: 'center', py: { xs: 2, md: 6 } }}>
        <Typography variant="h2" component="h1">
          Oops!
        </Typography>
        <Typography sx={{ mt: 2 }}>Sorry, an unexpected error has occurred.</Typography>
        <Typography sx={{ mt: 1, color: 'text.secondary' }}>
          <i>{detail}</i>
        </Typography>
        <Box sx={{ mt: 4 }}>
          <Box component="a" href="/" sx={outlinedLink}>
            Back to the portfolio
          </Box>
        </Box>
      </Box>
    </HostPage>
  );
}
