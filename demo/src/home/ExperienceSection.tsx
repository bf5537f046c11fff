import Box from '@mui/material/Box';
import { cardStyle } from './cardStyle';
import Typography from '@mui/material/Typography';
import type { Experience } from '../content/types';
import { Section } from './Section';

function ExperienceCard({ entry }: { entry: Experience }) {
  return (
    <Box component="article" sx={cardStyle}>
      <Typography variant="h3">{entry.role}</Typography>
      <Typography sx={{ fontWeight: 600 }}>{entry.company}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {entry.date}
      </Typography>
      <Typography variant="body2">{entry.description}</Typography>
      <Box component="ul" sx={{ pl: 2.5, mb: 0 }}>
        {entry.bullets.map((bullet) => (
          <Typography component="li" variant="body2" key={bullet}>
            {bullet}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

export function ExperienceSection({ experience }: { experience: readonly Experience[] }) {
  return (
    <Section id="Experience">
      <Box
        component="ul"
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
          listStyle: 'none',
          p: 0,
          m: 0,
        }}
      >
        {experience.map((entry) => (
          <li key={`${entry.role}-${entry.date}`}>
            <ExperienceCard entry={entry} />
          </li>
        ))}
      </Box>
    </Section>
  );
}
