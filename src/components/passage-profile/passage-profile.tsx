import {
  Build,
  Component,
  Element,
  Event,
  type EventEmitter,
  forceUpdate,
  h,
  Host,
  Method,
  Prop,
  State,
  Watch,
} from '@stencil/core';
import {
  type FocusTarget,
  initialProfileView,
  ProfileFlow,
  type ProfilePorts,
  type ProfileView,
  type SignInReason,
} from '../../flow/profile';
import type { Translator } from '../../i18n';
import { loadProfileTranslator, profileEnglish } from '../../i18n/profile';
import { customizationFor } from '../../themes/customization';
import { adoptStyles, CONSTRUCTABLE, cspNonce } from '../../themes/sheets';
import { LanguageLoader } from '../shared/language';
import type { PreviewEventName } from '../shared/preview-request';
import { SystemTheme } from '../shared/system-theme';
import { Failure, ProfileBody } from './profile-body';
import { profileClient } from './profile-client';
import type { ProfileChange } from './profile-events';
import { PROFILE_SHEETS } from './profile-styles';
import type { ProfileUi } from './profile-ui';

/** The element's box for each focus the flow asks for. */
function selectorOf(target: FocusTarget): string {
  switch (target.to) {
    case 'edit-button':
      return `[data-edit="${CSS.escape(target.edit)}"]`;
    case 'identifier-input':
      return `#identifier-${target.kind}`;
    case 'metadata-input':
      return target.invalid ? '.metadata-grid input[aria-invalid="true"]' : '.metadata-grid input';
    case 'rename-input':
      return `#rename-${CSS.escape(target.deviceId)}`;
    case 'passkeys-title':
      return '#passkeys-title';
    case 'page-button':
      return `[data-page="${target.button}"]`;
  }
}

/** The address of the page the element is on, as a path. */
function pagePath(): string {
  return typeof location === 'undefined' ? '/' : location.pathname + location.search + location.hash;
}

/**
 * The signed-in user's account: sign-in details, personal info and passkeys.
 *
 * @part container - The element's box (carries `data-theme`, `dir` and `lang`).
 * @part login-info - The sign-in details section (email and phone rows).
 * @part row - A sign-in details row.
 * @part badge - A row's badge (verified, pending).
 * @part metadata - The personal info section.
 * @part metadata-grid - The personal info grid (6 columns, 75px rows).
 * @part metadata-field - A personal info field.
 * @part devices - The passkeys section.
 * @part devices-table - The passkeys table.
 * @part device-row - A passkey's row.
 * @part current-device - The "Current device" marker.
 * @part no-devices - The line shown when the user has no passkey.
 * @part sign-in-accounts - The sign-in accounts section (only when the app offers social providers).
 * @part social-row - A provider's row in it.
 * @part social-row-<type> - A provider's row by connection type: `social-row-google`, `social-row-github`, `social-row-apple`, or an app's provider id.
 * @part social-mark - A provider's mark.
 * @part social-connect - Connect (with `link`), on a provider not linked yet.
 * @part social-remove - Remove (with `link`), on a linked provider.
 * @part paginator - The passkeys table's paginator.
 * @part page-size - The rows-per-page select.
 * @part page-position - The paginator's position text.
 * @part modal - A dialog (native modal `<dialog>`).
 * @part modal-danger - The delete confirmation dialog.
 * @part input - Every input.
 * @part error - An error line.
 * @part alert - An error announced as an alert: in the section of the control whose action failed, at the end when the profile does not show (a failed load).
 * @part status - A confirmation (polite live region), in the section of the control that caused it.
 * @part session-notice - The "session ended" notice.
 * @part reauthentication-notice - The "sign in again to continue" notice, in the section of the control whose action needs it.
 * @part load-failed - The notice shown when the user could not be loaded.
 * @part invalid-app-id - Every notice shown when the app cannot be loaded (no app id, or one of the four below).
 * @part app-not-found - The server has no app with this id.
 * @part origin-not-allowed - This page's origin is not the app's auth_origin.
 * @part server-unreachable - No identity server answered at the URL the element asked.
 * @part server-error - The server refused with another error.
 * @part spinner - The loading spinner.
 * @part primary-button - The main actions.
 * @part secondary-button - Other actions.
 * @part link - Link-styled buttons (Edit, Rename, Learn more, Connect, Remove).
 * @part danger-link - Delete in the passkeys table.
 * @part danger-button - Delete in the confirmation dialog.
 */
@Component({
  tag: 'passage-profile',
  styleUrls: ['../../themes/elements.css', 'passage-profile.css'],
  shadow: true,
})
export class PassageProfile {
  @Element() host!: HTMLElement;

  /** The id of the app on the identity server. */
  @Prop({ reflect: true }) appId!: string;
  /** Base URL of the identity server; defaults to the page's origin. */
  @Prop() apiUrl?: string;
  /** Language of the texts (e.g. `de`); the browser's language, then the app's default, otherwise. */
  @Prop() lang: string = '';
  /** `light`, `dark`, or `auto` to follow the system setting live. Any other value shows light. */
  @Prop({ reflect: true }) theme: 'light' | 'dark' | 'auto' = 'light';
  /** Country assumed for phone numbers typed without a `+` prefix. */
  @Prop() defaultCountryCode: string = 'us';
  /** Where "Sign in again" leads; without it the element only fires its event. */
  @Prop() signInUrl?: string;
  /** The page (a path on the app's origin) that email/phone change confirmation links open; it must
   * show this element, which confirms the change. Default: the page the element is on. */
  @Prop() verifyLinkPath?: string;

  /** Fired for every change: a loaded user, an identifier change, metadata, passkeys, sign-out, expiry,
   * a needed re-authentication, "Sign in again" pressed, and errors. */
  @Event({ eventName: 'passageProfileChange' }) profileChange!: EventEmitter<ProfileChange>;

  @State() view: ProfileView = initialProfileView;
  @State() translator: Translator = profileEnglish;

  private readonly systemTheme = new SystemTheme(() => forceUpdate(this));
  private readonly language = new LanguageLoader(loadProfileTranslator, (t) => (this.translator = t));
  /** The button that opened the dialog, focused again when it closes. */
  private opener: HTMLElement | null = null;
  /** Stops waiting for a server-rendered element's hydration (shared/hydration-gate.ts). */
  private stopWaiting: (() => void) | undefined;
  /** The host arrived with `defer-hydration` (server-rendered): loads wait for the gate from then on. */
  private serverRendered = false;
  // The flow, its ports and its subscription are replaced by the preview hook too (./preview.ts).
  unsubscribe: (() => void) | undefined;

  readonly ports: ProfilePorts = {
    client: () => profileClient(this.appId, this.apiUrl ?? ''),
    translator: () => this.translator,
    loadLanguage: (appDefault) => this.language.load(this.lang, appDefault),
    loadPhoneReader: () =>
      import('../../phone/libphonenumber-reader').then((module) => module.libphonenumberReader),
    defaultCountryCode: () => this.defaultCountryCode,
    signInUrl: () => this.signInUrl,
    verifyLinkPath: () => this.verifyLinkPath,
    page: {
      href: () => (typeof location === 'undefined' ? '' : location.href),
      path: pagePath,
      replacePath: (path) => history.replaceState(history.state, '', path),
      assign: (url) => location.assign(url),
    },
    emit: (change) => this.profileChange.emit(change),
    focus: (target) => this.focusSoon(selectorOf(target)),
  };
  flow = new ProfileFlow(this.ports);

  connectedCallback() {
    this.view = this.flow.state;
    this.unsubscribe ??= this.flow.subscribe((view) => (this.view = view));
    this.systemTheme.watch();
  }

  disconnectedCallback() {
    this.stopWaiting?.();
    this.stopWaiting = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.systemTheme.stop();
  }

  componentWillLoad() {
    // The preview hook (shared/preview-request.ts): its code is fetched with the first request only.
    this.host.addEventListener('passage-preview' satisfies PreviewEventName, (event) =>
      import('./preview').then((module) => module.preview(this, (event as CustomEvent).detail)),
    );
    // The page's language is known now: load it at once, so what shows before the app answers (the
    // spinner's label, an invalid app id) is in it too, not in English.
    if (this.lang) void this.loadLanguage();
    // The profile needs the signed-in user, whom only the browser knows: a server renders its spinner.
    if (Build.isBrowser) this.load();
  }

  @Watch('lang')
  async loadLanguage() {
    await this.language.load(this.lang, this.view.app?.default_language);
  }

  @Watch('appId')
  @Watch('apiUrl')
  load(): void {
    this.stopWaiting?.();
    // Once server-rendered, every load goes through the gate (a direct load beside a wait still loading
    // would load twice).
    this.serverRendered ||= this.host.hasAttribute('defer-hydration');
    if (!this.serverRendered) return void this.flow.load();
    // Server-rendered: its framework sets the properties (api-url) first (shared/hydration-gate.ts).
    void import('../shared/hydration-gate').then(
      (gate) => (this.stopWaiting = gate.whenHydrated(this.host, () => void this.flow.load())),
    );
  }

  /** Deletes a passkey by id, as the Delete button does after confirmation; errors show in the element. */
  @Method()
  async deleteDevice(deviceId: string): Promise<void> {
    await this.flow.deleteDevice(deviceId);
  }

  /** Renames a passkey by id, as the Rename form does; errors show in the element. */
  @Method()
  async renameDevice(deviceId: string, friendlyName: string): Promise<void> {
    await this.flow.renameDevice(deviceId, friendlyName);
  }

  /** Signs out: forgets the stored tokens and revokes the refresh token on the server. When the server
   * cannot be reached the tokens are still gone from this browser, and the element says so. */
  @Method()
  async signOut(): Promise<void> {
    await this.flow.signOut();
  }

  // Dialogs and focus -----------------------------------------------------------------------------

  private openDialog(opener: HTMLElement, open: () => void) {
    this.opener = opener;
    open();
  }

  private closeDialog = (restoreFocus = true) => {
    this.shadowDialog()?.close();
    this.flow.closeDialog();
    if (restoreFocus && this.opener?.isConnected) this.opener.focus();
    this.opener = null;
  };

  private shadowDialog(): HTMLDialogElement | null {
    return this.host.shadowRoot?.querySelector('dialog') ?? null;
  }

  private focusSoon(selector: string) {
    requestAnimationFrame(() => this.host.shadowRoot?.querySelector<HTMLElement>(selector)?.focus());
  }

  componentDidRender() {
    const dialog = this.shadowDialog();
    if (dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
  }

  private formatDate = (iso: string) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '';
    return new Intl.DateTimeFormat(this.translator.lang, { dateStyle: 'medium' }).format(date);
  };

  // Rendering -------------------------------------------------------------------------------------

  private ui(): ProfileUi {
    const flow = this.flow;
    return {
      view: this.view,
      flow,
      t: this.translator.t,
      formatDate: this.formatDate,
      openLearnMore: (opener) => this.openDialog(opener, () => flow.openLearnMore()),
      askDelete: (device, opener) => this.openDialog(opener, () => flow.askDelete(device.id)),
      closeDialog: () => this.closeDialog(),
      confirmDelete: (deviceId) => {
        this.closeDialog(false);
        void flow.confirmDelete(deviceId);
      },
      requestSignIn: (reason: SignInReason) => flow.requestSignIn(reason),
      retry: () => this.load(),
    };
  }

  render() {
    const ui = this.ui();
    const { t, view } = ui;
    const mode = this.systemTheme.mode(this.theme);
    return (
      <Host>
        {CONSTRUCTABLE ? null : <style nonce={cspNonce()}>{PROFILE_SHEETS.join('')}</style>}
        <div
          class="container profile"
          part="container"
          data-theme={mode}
          // CSSOM properties and an adopted sheet: nothing a strict style-src refuses (themes/sheets.ts).
          style={customizationFor(view.app, mode)}
          ref={(el) => adoptStyles(el, ...PROFILE_SHEETS)}
          dir={this.translator.dir}
          lang={this.translator.lang}
        >
          <h1 class="visually-hidden">{t('profile-title')}</h1>
          {ProfileBody(ui)}
          {Failure(ui, null)}
        </div>
      </Host>
    );
  }
}
