import Box from '@mui/material/Box';
import { cardStyle } from './cardStyle';
import Typography from '@mui/material/Typography';
import type { Project } from '../content/types';
import { Section } from './Section';

const cardGrid = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

function ProjectCard({ project }: { project: Project }) {
  return (
    <Box component="article" sx={cardStyle}>
      <Typography variant="h3" sx={{ mb: 1.5 }}>
        {project.name}
      </Typography>
      <Box
        component="ul"
        aria-label="Technologies"
        sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {project.tech.map((tech) => (
          <Box
            component="li"
            key={tech}
            sx={{
              px: 1.25,
              py: 0.25,
              borderRadius: 4,
              border: 1,
              borderColor: 'primary.main',
              color: 'primary.main',
              fontSize: '0.8125rem',
              fontWeight: 600,
            }}
          >
            {tech}
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {project.description}
      </Typography>
    </Box>
  );
}

export function ProjectsSection({ projects }: { projects: readonly Project[] }) {
  return (
    <Section id="Projects">
      <Box component="ul" sx={cardGrid}>
        {projects.map((project) => (
          <li key={project.name}>
            <ProjectCard project={project} />
          </li>
        ))}
      </Box>
    </Section>
  );
}
