import { h } from '@stencil/core';
import type { PreviewEventName, ProfileScene } from '../../components/shared/preview-request';
import { SAMPLE_APP } from '../app-samples';
import { profileSample } from '../profile-samples';
import { VIEW_CATALOGUE } from '../view-catalogue';

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

/** One view of the gallery: the catalogue's id and label, and how to render it in a theme and language. */
export interface GalleryEntry {
  id: string;
  label: string;
  /** What tests wait for: a sign-in view's kind, or `profile-<scene>`. */
  kind: string;
  render(theme: GalleryTheme, language: string): unknown;
}

/**
 * The profile's live flow asks the server for its app once it loads, before the preview replaces it:
 * an address fetch cannot parse (no port is above 65535) makes that request fail at once, with no
 * network request, nothing in the console and no server needed (the app id matters to no one).
 */
const NO_SERVER = 'http://no-server:99999';

/** Shows the scene in the profile through its preview hook, once (refs run on every render). */
function previewScene(element: HTMLElement | undefined, scene: ProfileScene): void {
  if (!element || element.dataset.scene === scene) return;
  element.dataset.scene = scene;
  const ready = (element as HTMLElement & { componentOnReady(): Promise<unknown> }).componentOnReady();
  void ready.then(() =>
    element.dispatchEvent(
      new CustomEvent('passage-preview' satisfies PreviewEventName, {
        detail: { profile: profileSample(scene), app: SAMPLE_APP },
      }),
    ),
  );
}

/**
 * The profile's tag, named through a variable: Stencil would otherwise list this internal gallery as a
 * user of `<passage-profile>` in the profile's public readme (docs/elements).
 */
const Profile = 'passage-profile';

/** Every view of the catalogue (src/dev/view-catalogue.ts), so a new sample or scene shows up by itself. */
export const GALLERY_ENTRIES: readonly GalleryEntry[] = VIEW_CATALOGUE.map((entry) =>
  entry.element === 'sign-in'
    ? {
        id: entry.id,
        label: entry.label,
        kind: entry.view.kind,
        render: (theme, language) => (
          <passage-view-preview state={entry.view} theme={theme} language={language} />
        ),
      }
    : {
        id: entry.id,
        label: entry.label,
        kind: `profile-${entry.scene}`,
        render: (theme, language) => (
          <Profile
            appId="gallery"
            apiUrl={NO_SERVER}
            theme={theme}
            lang={language}
            ref={(el) => previewScene(el, entry.scene)}
          />
        ),
      },
);
