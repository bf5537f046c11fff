import { Event, type EventEmitter, getElement, h, Host, Prop, Watch } from '@stencil/core';
import type { AuthResult } from '../../client/types';
import type { HostEventArgs, IdentifierDetail, LoadedDetail } from '../../flow/host-events';
import { type BeforeAuth, emitHostEvent, type OnEvent, type OnSuccess } from './host-api';
import { WidgetElement, type WidgetKind } from './widget-element';

/**
 * What <passage-auth>, <passage-login> and <passage-register> share: the host API (attributes,
 * callbacks, a DOM event per flow event) and the lifecycle driving their WidgetElement. Each element
 * names its kind; passage-auth adds `initial-mode`.
 */
export abstract class WidgetHost {
  /** The app's id on the identity server. */
  @Prop({ reflect: true }) appId!: string;
  /** Base URL of the identity server (`api-url`); defaults to the page's origin. */
  @Prop() apiUrl?: string;
  /** UI language, e.g. `de` or `ar` (right-to-left); the browser's language and then the app's
   * default_language apply when absent. Changes at run time. */
  @Prop() lang = '';
  /** `light`, `dark` or `auto` (follows the system preference live). Any other value shows light. */
  @Prop() theme?: 'light' | 'dark' | 'auto';
  /** ISO 3166 alpha-2 code preselected in the phone country dropdown. */
  @Prop() defaultCountryCode = 'us';
  /** Called with the identifier before signing in; return false to veto. */
  @Prop() beforeAuth?: BeforeAuth;
  /** Called with `{auth_token, redirect_url, …}` on success; the default navigates to redirect_url. */
  @Prop() onSuccess?: OnSuccess;
  /** Called with every flow event (`onLoaded`, `onRegisterDevice`, …) and its detail. */
  @Prop() onEvent?: OnEvent;

  /** The app info loaded (`detail.app`). */
  @Event() loaded!: EventEmitter<LoadedDetail>;
  /** Passkey registration started. */
  @Event() registerDevice!: EventEmitter<IdentifierDetail>;
  /** Passkey login (verify identity) started. */
  @Event() verifyIdentity!: EventEmitter<IdentifierDetail>;
  /** A login magic link is being sent. */
  @Event() magicLinkLogin!: EventEmitter<IdentifierDetail>;
  /** A registration magic link is being sent. */
  @Event() magicLinkRegister!: EventEmitter<IdentifierDetail>;
  /** The magic link was opened (found while polling). */
  @Event() magicLinkActivated!: EventEmitter<AuthResult>;
  /** This page activated a magic link. */
  @Event() magicLinkActivateSuccess!: EventEmitter<AuthResult>;
  /** A login code is being sent. */
  @Event() oneTimePasscodeLogin!: EventEmitter<IdentifierDetail>;
  /** A registration code is being sent. */
  @Event() oneTimePasscodeRegister!: EventEmitter<IdentifierDetail>;
  /** The code was accepted. */
  @Event() oneTimePasscodeActivated!: EventEmitter<AuthResult>;
  /** The code was accepted (after activation). */
  @Event() oneTimePasscodeActivateSuccess!: EventEmitter<AuthResult>;

  /** Which views the element offers (a method: the widget below is built before subclass fields). */
  protected abstract widgetKind(): WidgetKind;

  /** Options an element adds to the shared props (passage-auth: where to start). */
  protected extraWidgetProps(): { startInRegister?: boolean } {
    return {};
  }

  private readonly widget = new WidgetElement(
    this,
    this.widgetKind(),
    () => ({
      appId: this.appId,
      defaultCountryCode: this.defaultCountryCode,
      ...(this.apiUrl ? { apiUrl: this.apiUrl } : {}),
      ...(this.lang ? { lang: this.lang } : {}),
      ...(this.theme ? { theme: this.theme } : {}),
      ...(this.beforeAuth ? { beforeAuth: this.beforeAuth } : {}),
      ...(this.onSuccess ? { onSuccess: this.onSuccess } : {}),
      ...(this.onEvent ? { onEvent: this.onEvent } : {}),
      ...this.extraWidgetProps(),
    }),
    (...event: HostEventArgs) => emitHostEvent(this, ...event),
  );

  private hasLoaded = false;

  componentWillLoad(): void {
    this.hasLoaded = true;
    this.restart();
  }

  /** Moved or re-attached: start again (the first start waits for componentWillLoad, when the
   * props a framework sets right after creating the element are in). */
  connectedCallback(): void {
    if (this.hasLoaded) this.restart();
  }

  disconnectedCallback(): void {
    this.widget.stop();
  }

  @Watch('appId')
  @Watch('apiUrl')
  restart(): void {
    // getElement, not @Element(): Stencil does not give an inherited @Element() its host.
    if (getElement(this).isConnected) void this.widget.start();
  }

  @Watch('lang')
  languageChanged(): void {
    void this.widget.loadLanguage();
  }

  @Watch('theme')
  @Watch('defaultCountryCode')
  refresh(): void {
    this.widget.refresh();
  }

  componentDidRender(): void {
    this.widget.didRender();
  }

  render() {
    return <Host>{this.widget.render()}</Host>;
  }
}
