import { Component, Element, Event, type EventEmitter, h, Host, Prop, Watch } from '@stencil/core';
import type { HostEventName } from '../../flow/host-events';
import type { BeforeAuth, OnEvent, OnSuccess } from '../passage-auth/host-api';
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
  @Event() loaded!: EventEmitter<unknown>;
  /** Passkey registration started. */
  @Event() registerDevice!: EventEmitter<unknown>;
  /** Passkey login (verify identity) started. */
  @Event() verifyIdentity!: EventEmitter<unknown>;
  /** A login magic link is being sent. */
  @Event() magicLinkLogin!: EventEmitter<unknown>;
  /** A registration magic link is being sent. */
  @Event() magicLinkRegister!: EventEmitter<unknown>;
  /** The magic link was opened (found while polling). */
  @Event() magicLinkActivated!: EventEmitter<unknown>;
  /** This page activated a magic link. */
  @Event() magicLinkActivateSuccess!: EventEmitter<unknown>;
  /** A login code is being sent. */
  @Event() oneTimePasscodeLogin!: EventEmitter<unknown>;
  /** A registration code is being sent. */
  @Event() oneTimePasscodeRegister!: EventEmitter<unknown>;
  /** The code was accepted. */
  @Event() oneTimePasscodeActivated!: EventEmitter<unknown>;
  /** The code was accepted (after activation). */
  @Event() oneTimePasscodeActivateSuccess!: EventEmitter<unknown>;

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
    (name: HostEventName, detail: unknown) => this.emitters[name].emit(detail),
  );

  private get emitters(): Record<HostEventName, EventEmitter<unknown>> {
    return {
      onLoaded: this.loaded,
      onRegisterDevice: this.registerDevice,
      onVerifyIdentity: this.verifyIdentity,
      onMagicLinkLogin: this.magicLinkLogin,
      onMagicLinkRegister: this.magicLinkRegister,
      onMagicLinkActivated: this.magicLinkActivated,
      onMagicLinkActivateSuccess: this.magicLinkActivateSuccess,
      onOneTimePasscodeLogin: this.oneTimePasscodeLogin,
      onOneTimePasscodeRegister: this.oneTimePasscodeRegister,
      onOneTimePasscodeActivated: this.oneTimePasscodeActivated,
      onOneTimePasscodeActivateSuccess: this.oneTimePasscodeActivateSuccess,
    };
  }

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
