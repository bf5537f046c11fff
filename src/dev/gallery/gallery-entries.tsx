import { h } from '@stencil/core';
import { VIEW_SAMPLES } from '../view-samples';

export type GalleryTheme = 'light' | 'dark';

/** A language the gallery shows every view in, with the label its sections carry. */
export interface GalleryLanguage {
  tag: string;
  name: string;
  dir: 'ltr' | 'rtl';
}

/** One left-to-right and one right-to-left language: the layouts that can differ. */
export const GALLERY_LANGUAGES: readonly GalleryLanguage[] = [
  { tag: 'en', name: 'English', dir: 'ltr' },
  { tag: 'ar', name: 'Arabic', dir: 'rtl' },
];

export const GALLERY_THEMES: readonly GalleryTheme[] = ['light', 'dark'];

/** One view of the gallery: its name (the catalogue's key) and how to render it in a theme and language. */
export interface GalleryEntry {
  name: string;
  /** The element that shows the view; `kind` marks it for tests (`data-kind`) that wait for lazy chunks. */
  kind: string;
  render(theme: GalleryTheme, language: string): unknown;
}

/** Every sign-in view: an entry per sample of the catalogue, so a new sample shows up by itself. */
export const SIGN_IN_ENTRIES: readonly GalleryEntry[] = Object.entries(VIEW_SAMPLES).map(([name, state]) => ({
  name,
  kind: state.kind,
  render: (theme, language) => <passage-view-preview state={state} theme={theme} language={language} />,
}));
