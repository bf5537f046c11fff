import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { portfolio } from '../content/portfolio';
import { HomeApp } from '../HomeApp';
import { SECTIONS } from './sections';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

/** Renders the page and waits for the sections that load their code lazily (at once in jsdom). */
async function renderHome() {
  const view = render(<HomeApp />);
  const slow = { timeout: 10_000 }; // the first import of a lazy module is slow in jsdom
  for (const section of SECTIONS) await screen.findByRole('heading', { level: 2, name: section.title }, slow);
  await screen.findByLabelText('Your Message', {}, slow);
  return view;
}

describe('the portfolio page', () => {
  it('shows the landing: the name, three taglines, the headshot, links and the résumé', async () => {
    await renderHome();
    expect(screen.getByRole('heading', { level: 1, name: portfolio.name })).toBeTruthy();
    for (const line of ['Software Engineer', 'Basketball Enthusiast', 'Lifelong Learner']) {
      expect(screen.getByText(line)).toBeTruthy();
    }
    const headshot = screen.getByRole('img', { name: portfolio.headshot.alt });
    expect(headshot.getAttribute('width')).toBe('280');
    expect(headshot.getAttribute('fetchpriority')).toBe('high');
    expect(screen.getByRole('link', { name: 'Résumé (PDF)' }).getAttribute('href')).toBe('/resume.pdf');
  });

  it('has the four section anchors behind outlined nav buttons, in order', async () => {
    await renderHome();
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    const buttons = within(nav).getAllByRole('link');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('href')])).toEqual([
      ['Projects', '#Projects'],
      ['Experience', '#Experience'],
      ['About Me', '#AboutPage'],
      ['Contact', '#ContactPage'],
    ]);
    for (const button of buttons) {
      const style = getComputedStyle(button);
      // Outlined, in the accent (#3D405B, or its tint in the dark scheme: the theme's CSS variable); the
      // browser tests check the colours themselves.
      expect([style.borderStyle, style.borderWidth]).toEqual(['solid', '1px']);
      expect(style.color).toBe('var(--mui-palette-primary-main)');
    }
    const sections = SECTIONS.map((s) => document.getElementById(s.id));
    expect(sections.every(Boolean)).toBe(true);
    expect(sections.map((s) => s?.querySelector('h2')?.textContent)).toEqual([
      'Highlighted Projects',
      'My Experience',
      'About Me',
      'Contact Me!',
    ]);
  });

  it('moves focus to the section heading when a nav button is used', async () => {
    const user = userEvent.setup();
    await renderHome();
    await user.click(screen.getByRole('link', { name: 'Experience' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'My Experience' }));
    expect(window.location.hash).toBe('#Experience');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('link', { name: 'Contact' }));
    expect(document.activeElement?.textContent).toBe('Contact Me!');
  });

  it('starts with a skip link to the main content', async () => {
    const user = userEvent.setup();
    await renderHome();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    expect(skip.getAttribute('href')).toBe('#main');
    expect(document.getElementById('main')?.tagName).toBe('MAIN');
  });

  it('lists 4 projects with three technology labels each, and 4 experience entries with bullets', async () => {
    await renderHome();
    const projects = within(document.getElementById('Projects')!).getAllByRole('article');
    expect(projects).toHaveLength(4);
    for (const [index, card] of projects.entries()) {
      expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe(
        portfolio.projects[index]?.name,
      );
      expect(within(card).getAllByRole('listitem')).toHaveLength(3);
    }
    expect(screen.getByText(/72-hour hackathon window/)).toBeTruthy();
    const experience = within(document.getElementById('Experience')!).getAllByRole('article');
    expect(experience).toHaveLength(4);
    const [first, second, , last] = experience as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('March 2023 - June 2023')).toBeTruthy();
    expect(within(last).getByText('January 2019 - April 2019')).toBeTruthy();
    expect(within(second).getAllByRole('listitem').length).toBeGreaterThan(0);
  });

  it('has the About paragraphs beside the gallery, the contact form, and the footer line last', async () => {
    await renderHome();
    const about = document.getElementById('AboutPage')!;
    for (const paragraph of portfolio.about) expect(within(about).getByText(paragraph)).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toBe(`Copyright © 2023 ${portfolio.name}`);
  });

  it('gives every image alt text', async () => {
    await renderHome();
    expect(document.querySelectorAll('img').length).toBeGreaterThan(1);
    for (const image of document.querySelectorAll('img')) expect(image.getAttribute('alt')).toBeTruthy();
  });
});
