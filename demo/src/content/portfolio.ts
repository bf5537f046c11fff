import type { GalleryImage, Portfolio } from './types';

/**
 * The owner's content: replace this file's values and the pictures in `public/images` to make the site
 * yours (`npm run artwork -w demo` regenerates the placeholder pictures). The build checks every field
 * (see validate.ts) and stops, naming the field, when one is missing or empty.
 */

const galleryTitles = [
  'Sunrise over the harbour',
  'Pick-up game at the park court',
  'Hackathon team at work',
  'Mountain trail in autumn',
  'Graduation day',
  'Whiteboard sketch of a system design',
  'City lights at night',
  'Three-point practice',
  'Coffee and code',
  'Lake at dusk',
  'Conference talk',
  'Weekend bike ride',
];

const gallery: GalleryImage[] = galleryTitles.map((alt, index) => {
  const number = String(index + 1).padStart(2, '0');
  return {
    original: `/images/gallery/${number}.svg`,
    thumbnail: `/images/gallery/${number}-thumb.svg`,
    alt,
    width: 800,
    height: 533,
    thumbnailWidth: 96,
    thumbnailHeight: 64,
  };
});

export const portfolio: Portfolio = {
  name: 'Alex Rivera',
  jobTitle: 'Software Engineer',
  siteUrl: 'https://portfolio.example.com',
  pageTitle: 'Alex Rivera — Software Engineer',
  description:
    'Portfolio of Alex Rivera, software engineer: projects in React, C#, AWS and Flutter, experience, and a way to get in touch.',
  taglines: ['Software Engineer', 'Basketball Enthusiast', 'Lifelong Learner'],
  headshot: { src: '/images/headshot.svg', alt: 'Portrait of Alex Rivera', width: 280, height: 280 },
  socialImage: {
    src: '/images/social-card.jpg',
    alt: 'Alex Rivera — Software Engineer',
    width: 1200,
    height: 630,
  },
  projects: [
    {
      name: 'Station Coverage',
      tech: ['React', 'C#', 'AWS'],
      description:
        'A cloud tool for fire stations that computes how long each neighbourhood stays covered while crews are out, so chiefs can plan shifts and move-ups.',
    },
    {
      name: 'Shelf Snap',
      tech: ['Flutter', 'Dart', 'Cloud database'],
      description:
        'A mobile inventory app: photograph a shelf, tag the items and keep the stock list in a cloud database that syncs across the team.',
    },
    {
      name: 'Box Score Quiz',
      tech: ['JavaScript', 'React', 'Material UI'],
      description:
        'A hackathon NBA quiz: pick a date, the games of that day are fetched, and 5 pseudo-random box-score questions follow. Built in a 72-hour hackathon window.',
    },
    {
      name: 'Wavelength',
      tech: ['Python', 'Flask', 'MySQL'],
      description:
        'An audio streaming website with playlists, uploads and search, backed by a Flask API and a MySQL catalogue.',
    },
  ],
  experience: [
    {
      role: 'Software Development Intern',
      company: 'Northwind Systems',
      date: 'March 2023 - June 2023',
      description: 'Worked on the internal tooling team.',
      bullets: [
        'Built a React dashboard for deployment health used by 40 engineers.',
        'Cut a nightly C# import job from 50 to 12 minutes.',
        'Wrote integration tests for the AWS Lambda billing pipeline.',
      ],
    },
    {
      role: 'B.Sc. Computer Science',
      company: 'State University',
      date: 'April 2020 - June 2023',
      description: 'University study with a focus on distributed systems.',
      bullets: [
        'Capstone: the Station Coverage tool, now used by two fire departments.',
        'Teaching assistant for Data Structures.',
        'Won the campus 72-hour hackathon with Box Score Quiz.',
      ],
    },
    {
      role: 'Producer and Development Manager',
      company: 'Bright Frame Media',
      date: 'May 2019 - April 2020',
      description: 'Led small video productions from pitch to delivery.',
      bullets: [
        'Managed schedules and budgets for twelve productions.',
        'Introduced a shared asset tracker that ended lost-footage hunts.',
      ],
    },
    {
      role: 'Production Intern',
      company: 'Bright Frame Media',
      date: 'January 2019 - April 2019',
      description: 'Supported the production team on set and in the edit.',
      bullets: [
        'Logged and organised footage for four documentaries.',
        'Assisted on set with lighting and sound.',
      ],
    },
  ],
  gallery,
  about: [
    'I am a software engineer who likes turning messy, real-world problems into tools people enjoy using. I started in video production, where deadlines are real and every minute on set counts, and I bring the same habit of shipping to software.',
    'Most of my work is full-stack web: React and TypeScript in front, C# or Python behind, and cloud services where they save effort. I care about fast pages, accessible interfaces and tests that catch real mistakes.',
    'Away from the keyboard you will find me on a basketball court, on a trail, or reading about how things work. I am always learning — currently compilers and type systems.',
  ],
  links: [
    { label: 'GitHub', href: 'https://github.com/example' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/in/example' },
    { label: 'Email', href: 'mailto:alex@example.com' },
  ],
  resume: { label: 'Résumé (PDF)', href: '/resume.pdf' },
  copyrightYear: 2023,
};
