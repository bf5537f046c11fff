import type { Portfolio } from './types';

/** How many of each the page shows. */
export const CONTENT_COUNTS = {
  taglines: 3,
  tech: 3,
  projects: 4,
  experience: 4,
  gallery: 12,
  about: 3,
} as const;

export class ContentError extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`portfolio content: "${field}" ${problem}`);
    this.name = 'ContentError';
  }
}

type Check = (value: unknown, field: string) => void;

const text: Check = (value, field) => {
  if (typeof value !== 'string' || value.trim() === '') throw new ContentError(field, 'is missing or empty');
};

const positive: Check = (value, field) => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ContentError(field, 'must be a positive number');
  }
};

function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ContentError(field, 'is missing');
  }
  return value as Record<string, unknown>;
}

function list(value: unknown, field: string, count?: number): unknown[] {
  if (!Array.isArray(value)) throw new ContentError(field, 'is missing');
  if (count !== undefined && value.length !== count) {
    throw new ContentError(field, `must have exactly ${count} entries (has ${value.length})`);
  }
  if (value.length === 0) throw new ContentError(field, 'is empty');
  return value;
}

function fields(value: unknown, field: string, checks: Record<string, Check>): void {
  const object = record(value, field);
  for (const [key, check] of Object.entries(checks)) check(object[key], `${field}.${key}`);
}

const listOf =
  (check: Check, count?: number): Check =>
  (value, field) =>
    list(value, field, count).forEach((item, index) => check(item, `${field}[${index}]`));

const object =
  (checks: Record<string, Check>): Check =>
  (value, field) =>
    fields(value, field, checks);

const sizedImage = object({ src: text, alt: text, width: positive, height: positive });
const link = object({ label: text, href: text });

const portfolioChecks: Record<string, Check> = {
  name: text,
  jobTitle: text,
  siteUrl: text,
  pageTitle: text,
  description: text,
  taglines: listOf(text, CONTENT_COUNTS.taglines),
  headshot: sizedImage,
  socialImage: sizedImage,
  projects: listOf(
    object({ name: text, tech: listOf(text, CONTENT_COUNTS.tech), description: text }),
    CONTENT_COUNTS.projects,
  ),
  experience: listOf(
    object({ role: text, company: text, date: text, description: text, bullets: listOf(text) }),
    CONTENT_COUNTS.experience,
  ),
  gallery: listOf(
    object({
      original: text,
      thumbnail: text,
      alt: text,
      width: positive,
      height: positive,
      thumbnailWidth: positive,
      thumbnailHeight: positive,
    }),
    CONTENT_COUNTS.gallery,
  ),
  about: listOf(text, CONTENT_COUNTS.about),
  links: listOf(link),
  resume: link,
  copyrightYear: positive,
};

/** Checks content read from the typed file (or anywhere else); throws a ContentError naming the first bad field. */
export function validatePortfolio(value: unknown): Portfolio {
  fields(value, 'portfolio', portfolioChecks);
  return value as Portfolio;
}
