import { Component, Element, h, Host, Prop } from '@stencil/core';
import {
  GALLERY_LANGUAGES,
  GALLERY_THEMES,
  type GalleryEntry,
  type GalleryLanguage,
  type GalleryTheme,
  GALLERY_ENTRIES,
} from './gallery-entries';
import { openModalsInPlace } from './modals-in-place';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Every view of the elements in light and dark, in a left-to-right and a right-to-left language, each
 * labelled: the development page /dev/views and its visual regression tests (docs/view-gallery.md).
 * The page's query narrows it (`?theme=dark&language=ar&view=one-time-code`) unless a prop is set.
 * Sign-in views render in `<passage-view-preview>`, the profile's scenes in `<passage-profile>` through
 * its preview hook (src/components/shared/preview-request.ts): neither calls the server.
 * @internal
 */
@Component({ tag: 'passage-view-gallery', styleUrl: 'passage-view-gallery.css', shadow: true })
export class PassageViewGallery {
  @Element() host!: HTMLElement;

  /** Only this theme (`light` or `dark`); both when unset. */
  @Prop() theme?: string;
  /** Only this language (`en` or `ar`); both when unset. */
  @Prop() language?: string;
  /** Only this view (an id from src/dev/view-catalogue.ts); all when unset. */
  @Prop() view?: string;
  /**
   * The width in CSS pixels each view gets (the sign-in card keeps to its 300 px within it): a
   * phone's whole width (`320`, `390`) or what a page's margins leave of it (`288`), the layout
   * tests' setting. Unset, a sign-in view gets 300 px and a profile scene 632 px.
   */
  @Prop() width?: string;

  private query = new URLSearchParams(globalThis.location?.search ?? '');

  private only(prop: string | undefined, name: string): string | null {
    return prop ?? this.query.get(name);
  }

  private entries(): readonly GalleryEntry[] {
    const view = this.only(this.view, 'view');
    return GALLERY_ENTRIES.filter((entry) => view === null || entry.id === view);
  }

  componentWillLoad() {
    openModalsInPlace(this.host);
  }

  private section(theme: GalleryTheme, language: GalleryLanguage, entries: readonly GalleryEntry[]) {
    const id = `${theme}-${language.tag}`;
    const label = `${capitalized(theme)}, ${language.name} (${language.dir === 'ltr' ? 'left to right' : 'right to left'})`;
    return (
      <section aria-labelledby={id} data-theme={theme} data-language={language.tag}>
        <h2 id={id}>{label}</h2>
        <ul>
          {entries.map((entry) => (
            <li>
              <figure data-view={entry.id} data-kind={entry.kind}>
                <figcaption>
                  <strong>{entry.label}</strong> {theme}, {language.name}
                </figcaption>
                {entry.render(theme, language.tag)}
              </figure>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  render() {
    const theme = this.only(this.theme, 'theme');
    const language = this.only(this.language, 'language');
    const entries = this.entries();
    const width = Number(this.only(this.width, 'width'));
    // Set through the CSSOM, which the page's strict policy allows (a style attribute it would not).
    const style = width > 0 ? { '--view-width': `${width}px` } : undefined;
    return (
      <Host style={style}>
        <main>
          <h1>View gallery</h1>
          <p>
            {entries.length} views of the open-passage elements with sample props, in each theme and in a
            left-to-right and a right-to-left language. Development only: docs/view-gallery.md.
          </p>
          {GALLERY_THEMES.filter((t) => theme === null || t === theme).flatMap((t) =>
            GALLERY_LANGUAGES.filter((l) => language === null || l.tag === language).map((l) =>
              this.section(t, l, entries),
            ),
          )}
        </main>
      </Host>
    );
  }
}
