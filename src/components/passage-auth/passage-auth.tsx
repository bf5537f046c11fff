import { Component, Element, Event, type EventEmitter, h, Host, Prop, Watch } from '@stencil/core';
import type { AuthResult } from '../../client/types';
import type { HostEventArgs, IdentifierDetail, LoadedDetail } from '../../flow/host-events';
import { type BeforeAuth, emitHostEvent, type OnEvent, type OnSuccess } from '../passage-auth/host-api';
import { WidgetElement } from '../passage-auth/widget-element';

/** The combined sign-in and registration widget (login and register with a toggle). */
@Component({ tag: 'passage-auth', styleUrl: '../passage-auth/passage-auth.css', shadow: true })
export class PassageAuth {
  @Element() el!: HTMLElement;

  /** The app's id on the identity server. */
  @Prop({ reflect: true }) appId!: string;
  /** Base URL of the identity server (`api-url`); defaults to the page's origin. */
  @Prop() apiUrl?: string;
  /** UI language, e.g. `de` or `ar` (right-to-left); the browser's language and then the app's
   * default_language apply when absent. Changes at run time. */
  @Prop() lang = '';
  /** `light`, `dark` or `auto` (follows the system preference live). */
  @Prop() theme?: string;
  /** ISO 3166 alpha-2 code preselected in the phone country dropdown. */
  @Prop() defaultCountryCode = 'us';
  /** Start in register mode instead of login. */
  @Prop() initialMode: 'login' | 'register' = 'login';
  /** Called with the identifier before signing in; return false to veto. */
  @Prop() beforeAuth?: BeforeAuth;
  /** Called with `{auth_token, redirect_url, …}` on success; the default navigates to redirect_url. */
  @Prop() onSuccess?: OnSuccess;
  /** Called with every flow event of SPEC §4 (`onLoaded`, `onRegisterDevice`, …) and its detail. */
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

  private readonly widget = new WidgetElement(
    this,
    'auth',
    () => ({
      appId: this.appId,
      defaultCountryCode: this.defaultCountryCode,
      ...(this.apiUrl ? { apiUrl: this.apiUrl } : {}),
      ...(this.lang ? { lang: this.lang } : {}),
      ...(this.theme ? { theme: this.theme } : {}),
      ...(this.beforeAuth ? { beforeAuth: this.beforeAuth } : {}),
      ...(this.onSuccess ? { onSuccess: this.onSuccess } : {}),
      ...(this.onEvent ? { onEvent: this.onEvent } : {}),
      startInRegister: this.initialMode === 'register',
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
  @Watch('initialMode')
  restart(): void {
    if (this.el.isConnected) void this.widget.start();
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
