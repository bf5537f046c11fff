import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { ContactSection } from '../contact/ContactSection';
import { portfolio } from '../content/portfolio';
import type { Portfolio } from '../content/types';
import { lazyWhenNear } from '../lazy/lazyWhenNear';
import { SiteHeader } from '../site/SiteHeader';
import { Footer } from './Footer';
import { Landing } from './Landing';
import { SkipLink } from './SkipLink';

/**
 * Sections below the fold hydrate (and download their code) only when they come near the viewport: until
 * then React leaves their prerendered HTML as it is. The first load hydrates only the nav and the landing.
 */
const projects = lazyWhenNear(
  'Projects',
  async () => (await import('./ProjectsSection')).ProjectsSection,
  '0px',
);
const experience = lazyWhenNear(
  'Experience',
  async () => (await import('./ExperienceSection')).ExperienceSection,
  '0px',
);
const about = lazyWhenNear('AboutPage', async () => (await import('./AboutSection')).AboutSection, '0px');

/** For the build-time render: every lazy section renders in full into the HTML. */
export const preloadSections = () => Promise.all([projects.preload(), experience.preload(), about.preload()]);

/** The portfolio: landing, projects, experience, about, contact, then the footer line. */
export function HomePage({ content = portfolio }: { content?: Portfolio }) {
  return (
    <>
      <SkipLink target="main" />
      <SiteHeader current="/" />
      <Box component="main" id="main" tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
        <Landing content={content} />
        <Suspense fallback={null}>
          <projects.Component projects={content.projects} />
        </Suspense>
        <Suspense fallback={null}>
          <experience.Component experience={content.experience} />
        </Suspense>
        <Suspense fallback={null}>
          <about.Component gallery={content.gallery} about={content.about} />
        </Suspense>
        <ContactSection />
      </Box>
      <Footer name={content.name} year={content.copyrightYear} />
    </>
  );
}
