/** The shapes of the portfolio's content. Everything the page shows comes from one such object. */

export interface Project {
  name: string;
  /** Exactly three technology labels. */
  tech: readonly [string, string, string];
  description: string;
}

export interface Experience {
  role: string;
  company: string;
  /** Shown as written, e.g. "March 2023 - June 2023". */
  date: string;
  description: string;
  bullets: readonly string[];
}

/** An image with its intrinsic size, so the page reserves its slot before it loads (no layout shift). */
export interface SizedImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface GalleryImage {
  original: string;
  thumbnail: string;
  alt: string;
  width: number;
  height: number;
  thumbnailWidth: number;
  thumbnailHeight: number;
}

export interface Link {
  label: string;
  href: string;
}

export interface Portfolio {
  /** The owner's name: the landing heading, the footer line, the title and JSON-LD. */
  name: string;
  /** The job title for JSON-LD `Person`. */
  jobTitle: string;
  /** Public address of the site, without a trailing slash (canonical URL, sitemap, Open Graph). */
  siteUrl: string;
  /** The document title and the meta description. */
  pageTitle: string;
  description: string;
  /** Three tagline lines under the name (software engineer, basketball enthusiast, lifelong learner). */
  taglines: readonly [string, string, string];
  headshot: SizedImage;
  /** The picture link previews show (Open Graph / Twitter), 1200×630. */
  socialImage: SizedImage;
  projects: readonly Project[];
  experience: readonly Experience[];
  gallery: readonly GalleryImage[];
  /** The About Me paragraphs. */
  about: readonly string[];
  links: readonly Link[];
  resume: Link;
  /** The year of the copyright footer line. */
  copyrightYear: number;
}
