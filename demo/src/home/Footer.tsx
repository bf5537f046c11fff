import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The copyright line with the owner's name and the year. */
export const copyrightLine = (name: string, year: number) => `Copyright © ${year} ${name}`;

export function Footer({ name, year }: { name: string; year: number }) {
  return (
    <Box component="footer" sx={{ py: 4, textAlign: 'center' }}>
      <Typography variant="body2">{copyrightLine(name, year)}</Typography>
    </Box>
  );
}
