import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { Portfolio } from '../content/types';

/** The landing intro: the name with its three taglines, links, and the headshot (the LCP image). */
export function Landing({ content }: { content: Portfolio }) {
  const { headshot } = content;
  return (
    <Box component="section" aria-label="Introduction" sx={{ pb: { xs: 6, md: 10 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            mt: { xs: 4, md: 6 },
            display: 'grid',
            gap: 4,
            alignItems: 'center',
            justifyItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
          }}
        >
          <Box sx={{ textAlign: { xs: 'center', md: 'left' }, justifySelf: { md: 'start' } }}>
            <Typography variant="h1" sx={{ mb: 2 }}>
              {content.name}
            </Typography>
            {content.taglines.map((line) => (
              <Typography key={line} component="p" variant="h5" sx={{ color: 'text.secondary' }}>
                {line}
              </Typography>
            ))}
            <Box
              component="ul"
              aria-label="Links"
              sx={{
                listStyle: 'none',
                p: 0,
                mt: 3,
                display: 'flex',
                flexWrap: 'wrap',
                gap: 2.5,
                justifyContent: { xs: 'center', md: 'flex-start' },
              }}
            >
              {[...content.links, content.resume].map((link) => (
                <li key={link.href}>
                  <Box component="a" href={link.href} sx={{ color: 'primary.main', fontWeight: 600 }}>
                    {link.label}
                  </Box>
                </li>
              ))}
            </Box>
          </Box>
          <Box
            component="img"
            src={headshot.src}
            alt={headshot.alt}
            width={headshot.width}
            height={headshot.height}
            fetchPriority="high"
            decoding="async"
            sx={{ borderRadius: '50%', maxWidth: '70vw', height: 'auto', display: 'block' }}
          />
        </Box>
      </Container>
    </Box>
  );
}
