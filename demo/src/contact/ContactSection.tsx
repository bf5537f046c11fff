import { Suspense } from 'react';
import { Section } from '../home/Section';
import { lazyWhenNear } from '../lazy/lazyWhenNear';

const SECTION_ID = 'ContactPage';

/**
 * The form is in the prerendered HTML, but its code (inputs, EmailJS) loads only when the section comes
 * near the viewport; until then React leaves the server markup in place, then hydrates it.
 */
const contactForm = lazyWhenNear(SECTION_ID, async () => (await import('./ContactForm')).ContactForm);
export const preloadContactForm = contactForm.preload;

export function ContactSection() {
  return (
    <Section id={SECTION_ID}>
      <Suspense fallback={null}>
        <contactForm.Component />
      </Suspense>
    </Section>
  );
}
