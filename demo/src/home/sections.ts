/** The in-page anchors, in page order, with their nav button labels. */
export const SECTIONS = [
  { id: 'Projects', label: 'Projects', title: 'Highlighted Projects' },
  { id: 'Experience', label: 'Experience', title: 'My Experience' },
  { id: 'AboutPage', label: 'About Me', title: 'About Me' },
  { id: 'ContactPage', label: 'Contact', title: 'Contact Me!' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

export const sectionTitleId = (id: SectionId) => `${id}-title`;

export const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Scrolls to a section and moves keyboard focus to its heading, so the next Tab continues from there and
 * screen readers announce where the visitor landed. Smooth only when the visitor has not asked for less motion.
 */
export function jumpToSection(id: SectionId): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  section.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  document.getElementById(sectionTitleId(id))?.focus({ preventScroll: true });
  if (window.location.hash !== `#${id}`) window.history.pushState(null, '', `#${id}`);
  return true;
}
