import { describe, expect, it } from 'vitest';
import { portfolio } from './portfolio';
import { CONTENT_COUNTS, ContentError, validatePortfolio } from './validate';

// Free-form on purpose: these tests break the content in ways its type forbids.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

function problem(mutate: (content: Loose) => void): string {
  const content: Loose = structuredClone(portfolio);
  mutate(content);
  try {
    validatePortfolio(content);
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as Error).message;
  }
  throw new Error('the content was accepted');
}

describe('portfolio content', () => {
  it('ships complete: every project, 4 jobs, 12 pictures and the copyright year', () => {
    expect(validatePortfolio(portfolio)).toBe(portfolio);
    expect(portfolio.projects).toHaveLength(CONTENT_COUNTS.projects);
    expect(portfolio.experience).toHaveLength(4);
    expect(portfolio.gallery).toHaveLength(12);
    expect(portfolio.copyrightYear).toBe(2023);
  });

  it('names a missing field, however deep', () => {
    expect(problem((c) => delete c.projects[2].description)).toContain('"portfolio.projects[2].description"');
    expect(problem((c) => delete c.name)).toContain('"portfolio.name" is missing or empty');
    expect(problem((c) => (c.gallery[11].alt = '  '))).toContain('"portfolio.gallery[11].alt"');
    expect(problem((c) => delete c.headshot.width)).toContain('"portfolio.headshot.width"');
    expect(problem((c) => delete c.experience[0].bullets)).toContain(
      '"portfolio.experience[0].bullets" is missing',
    );
    expect(problem((c) => delete c.resume)).toContain('"portfolio.resume" is missing');
  });

  it('rejects the wrong number of projects, gallery images or technology labels', () => {
    expect(problem((c) => c.projects.pop())).toContain(
      '"portfolio.projects" must have exactly 4 entries (has 3)',
    );
    expect(problem((c) => c.gallery.push(c.gallery[0]))).toContain(
      '"portfolio.gallery" must have exactly 12',
    );
    expect(problem((c) => c.projects[1].tech.push('Go'))).toContain(
      '"portfolio.projects[1].tech" must have exactly 3',
    );
  });
});
