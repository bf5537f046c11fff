// <passage-debug-panel>: a development tool that previews any view in a sign-in element or the profile
// on the page (through the elements' preview hook), switches theme, language, customization and app
// settings, and logs the element's events and hook calls. Renders nothing in production.
import { PREVIEW_EVENT } from '../../components/shared/preview-request';
// Type only: the value would bring the locales' loaders into the panel's bundle.
import type { Language } from '../../i18n/languages';
import { CUSTOMIZATION_PRESETS } from '../app-samples';
import { entriesFor, VIEW_CATALOGUE } from '../view-catalogue';
import { el, labelledCheckbox, labelledSelect, setOptions } from './dom';
import { listenToEvents } from './host-log';
import { Placement } from './placement';
import { isProduction } from './production';
import { DEFAULT_SETTINGS, type PanelSettings, requestFor } from './requests';
// The panel's look, adopted by its shadow root as a constructed stylesheet: a page whose CSP has no
// style-src 'unsafe-inline' accepts it (as it does the elements' own sheets). esbuild bundles the
// panel and takes the file as text (`build:panel` in package.json), as written.
import PANEL_CSS from './panel.css?inline';

const TARGETS = 'passage-auth, passage-login, passage-register, passage-profile';
/** Each bundled language by its own name: the compiler refuses a missing or unknown one. */
const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  pt: 'Português',
  pl: 'Polski',
  nl: 'Nederlands',
  zh: '中文',
  ar: 'العربية (Arabic, right-to-left)',
};
const LANGUAGES: [string, string][] = [['', 'Element default'], ...Object.entries(LANGUAGE_NAMES)];
const THEMES = [
  ['', 'Element default'],
  ['light', 'Light'],
  ['dark', 'Dark'],
  ['auto', 'Auto (system)'],
] as const;
const MAX_LOG = 200;

/** What the log shows of an event's detail or a call's arguments. */
function describe(detail: unknown): string {
  if (detail === undefined) return '';
  try {
    const text = JSON.stringify(detail, (_key, value: unknown) =>
      typeof value === 'function' ? '[function]' : value,
    );
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  } catch {
    return String(detail);
  }
}

type Elements = ReturnType<typeof buildPanel>;

function buildPanel() {
  const handle = el(
    'button',
    { type: 'button', class: 'handle', 'aria-describedby': 'move-hint' },
    '⠿ Passage dev tools',
  );
  const hint = el(
    'span',
    { id: 'move-hint', hidden: true },
    'Drag, or use the arrow keys, to move the panel.',
  );
  const toggle = el('button', { type: 'button', 'aria-controls': 'panel-body' }, 'Collapse');
  const target = labelledSelect('target', 'Element', []);
  const view = labelledSelect('view', 'View', []);
  const resume = el('button', { type: 'button' }, 'Resume live flow');
  const theme = labelledSelect('theme', 'Theme', THEMES);
  const language = labelledSelect('language', 'Language', LANGUAGES);
  const preset = labelledSelect(
    'preset',
    'Customization',
    Object.keys(CUSTOMIZATION_PRESETS).map((n) => [n, n]),
  );
  const allowed = labelledSelect('allowed', 'Identifiers', [
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['both', 'Email or phone'],
  ]);
  const fallback = labelledSelect('fallback', 'Fallback', [
    ['otp', 'One-time code'],
    ['magic_link', 'Magic link'],
    ['none', 'None'],
  ]);
  const signup = labelledCheckbox('signup', 'Public signup');
  const branding = labelledCheckbox('branding', 'Branding');
  const log = el('ol');
  const clear = el('button', { type: 'button' }, 'Clear log');
  const body = el(
    'div',
    { class: 'body', id: 'panel-body' },
    target.row,
    view.row,
    resume,
    theme.row,
    language.row,
    preset.row,
    el(
      'fieldset',
      {},
      el('legend', {}, 'App settings (previews)'),
      allowed.row,
      signup.row,
      fallback.row,
      branding.row,
    ),
    el('div', { class: 'log-head' }, el('h2', {}, 'Events and hook calls'), clear),
    el('div', { role: 'log', 'aria-label': 'Event log', class: 'log', tabindex: '0' }, log),
  );
  const panel = el(
    'section',
    { class: 'panel', 'aria-label': 'Passage debug panel' },
    el('div', { class: 'bar' }, handle, toggle, hint),
    body,
  );
  return {
    panel,
    handle,
    toggle,
    body,
    target,
    view,
    resume,
    theme,
    language,
    preset,
    allowed,
    fallback,
    signup,
    branding,
    log,
    clear,
  };
}

export class PassageDebugPanel extends HTMLElement {
  private ui?: Elements;
  private placement?: Placement;
  private target: HTMLElement | null = null;
  private ready: Promise<unknown> = Promise.resolve();
  private detach = () => undefined as void;
  private settings: PanelSettings = { ...DEFAULT_SETTINGS };
  private readonly cleanups: (() => void)[] = [];

  connectedCallback(): void {
    if (isProduction() || this.ui) return;
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(PANEL_CSS);
    root.adoptedStyleSheets = [sheet];
    const ui = (this.ui = buildPanel());
    root.append(ui.panel);
    this.placement = new Placement(
      ui.panel,
      () => (this.target ? [this.target.getBoundingClientRect()] : []),
      (collapsed) => {
        ui.body.hidden = collapsed;
        ui.toggle.textContent = collapsed ? 'Expand' : 'Collapse';
        ui.toggle.setAttribute('aria-expanded', String(!collapsed));
        ui.panel.toggleAttribute('data-collapsed', collapsed);
      },
    );
    this.wire(ui);
    this.placement.setCollapsed(this.placement.collapsed, false);
    this.findTargets();
    this.watch();
  }

  disconnectedCallback(): void {
    this.cleanups.splice(0).forEach((cleanup) => cleanup());
    this.detach();
    this.ui?.panel.remove();
    this.ui = undefined;
  }

  private wire(ui: Elements): void {
    const placement = this.placement!;
    ui.handle.addEventListener('pointerdown', (event) => placement.drag(event, ui.handle));
    ui.handle.addEventListener('keydown', (event) => placement.key(event) && event.preventDefault());
    ui.toggle.addEventListener('click', () => placement.setCollapsed(!placement.collapsed));
    ui.target.select.addEventListener('change', () =>
      this.attach(this.targets()[Number(ui.target.select.value)] ?? null),
    );
    ui.view.select.addEventListener('change', () => this.preview());
    ui.resume.addEventListener('click', () => {
      ui.view.select.value = '';
      this.preview();
    });
    ui.theme.select.addEventListener('change', () => this.setProperty('theme', ui.theme.select.value));
    ui.language.select.addEventListener('change', () => this.setProperty('lang', ui.language.select.value));
    ui.clear.addEventListener('click', () => ui.log.replaceChildren());
    ui.signup.input.checked = this.settings.public_signup;
    ui.branding.input.checked = this.settings.passage_branding;
    ui.allowed.select.value = this.settings.allowed_identifier;
    ui.fallback.select.value = this.settings.auth_fallback_method;
    for (const control of [
      ui.preset.select,
      ui.allowed.select,
      ui.fallback.select,
      ui.signup.input,
      ui.branding.input,
    ]) {
      control.addEventListener('change', () => this.settingsChanged(ui));
    }
  }

  /** Follows the page: elements that come and go, the viewport's and the target's size. */
  private watch(): void {
    let pending = 0;
    const observer = new MutationObserver(() => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => this.findTargets());
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const resized = () => this.placement?.place();
    const sizes = new ResizeObserver(resized);
    addEventListener('resize', resized);
    this.cleanups.push(
      () => observer.disconnect(),
      () => sizes.disconnect(),
      () => removeEventListener('resize', resized),
    );
    // The panel's own size changes too (the log grows, a collapse): it stays inside the viewport.
    this.observeTarget = (target) => {
      sizes.disconnect();
      if (this.ui) sizes.observe(this.ui.panel);
      if (target) sizes.observe(target);
    };
  }

  private observeTarget: (target: HTMLElement | null) => void = () => undefined;

  private targets(): HTMLElement[] {
    return [...document.querySelectorAll<HTMLElement>(TARGETS)];
  }

  /** Lists the page's elements in the picker and keeps (or picks) the target. */
  private findTargets(): void {
    const ui = this.ui;
    if (!ui) return;
    const targets = this.targets();
    setOptions(
      ui.target.select,
      targets.map((target, index) => [
        String(index),
        `<${target.localName}>${target.id ? ` #${target.id}` : ''}`,
      ]),
    );
    ui.target.row.hidden = targets.length < 2;
    if (this.target && targets.includes(this.target)) {
      ui.target.select.value = String(targets.indexOf(this.target));
      return;
    }
    this.attach(targets[0] ?? null);
  }

  /** Makes `target` the previewed element: its events and hook calls go to the log. */
  private attach(target: HTMLElement | null): void {
    const ui = this.ui!;
    this.detach();
    this.target = target;
    this.observeTarget(target);
    const entries = target ? entriesFor(target.localName) : [];
    setOptions(ui.view.select, [['', 'Live flow'], ...entries.map((e) => [e.id, e.label] as const)]);
    ui.view.select.value = '';
    if (!target) return void (this.detach = () => undefined);
    const props = target as unknown as Record<string, string | undefined>;
    ui.theme.select.value = props.theme ?? '';
    ui.language.select.value = props.lang ?? '';
    const log = this.log;
    // Its events and the hook calls it announces (host-log.ts) go to the log.
    this.detach = listenToEvents(target, log);
    this.ready = customElements
      .whenDefined(target.localName)
      .then(() => (target as unknown as { componentOnReady?: () => Promise<unknown> }).componentOnReady?.());
    log('panel', `watching <${target.localName}>`);
    this.placement?.place();
  }

  private settingsChanged(ui: Elements): void {
    this.settings = {
      allowed_identifier: ui.allowed.select.value as PanelSettings['allowed_identifier'],
      public_signup: ui.signup.input.checked,
      auth_fallback_method: ui.fallback.select.value as PanelSettings['auth_fallback_method'],
      passage_branding: ui.branding.input.checked,
      preset: ui.preset.select.value,
    };
    if (this.ui?.view.select.value) this.preview();
  }

  /** Shows the picked view in the target, or gives it back its live flow. */
  private preview(): void {
    const target = this.target;
    if (!target) return;
    const id = this.ui!.view.select.value;
    const entry = VIEW_CATALOGUE.find((e) => e.id === id) ?? null;
    const detail = requestFor(entry, this.settings, (what, detail) => this.log('view', what, detail));
    this.log('panel', entry ? `preview: ${entry.label}` : 'live flow');
    void this.ready.then(() => target.dispatchEvent(new CustomEvent(PREVIEW_EVENT, { detail })));
  }

  private setProperty(name: 'theme' | 'lang', value: string): void {
    if (!this.target) return;
    (this.target as unknown as Record<string, string>)[name] = value;
    this.log('panel', `${name} = ${value || '(default)'}`);
  }

  private readonly log = (source: string, name: string, detail?: unknown): void => {
    const list = this.ui?.log;
    if (!list) return;
    const time = new Date().toISOString().slice(11, 23);
    const text = describe(detail);
    list.append(
      el('li', {}, `${time} `, el('span', { class: 'source' }, source), ` ${name}${text ? ` ${text}` : ''}`),
    );
    while (list.childElementCount > MAX_LOG) list.firstElementChild?.remove();
    const scroller = list.parentElement!;
    scroller.scrollTop = scroller.scrollHeight;
  };
}
