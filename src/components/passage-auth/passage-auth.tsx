import { Component, Element, Host, h, Prop, State, Watch } from '@stencil/core';
import type { AppInfo } from '../../client/app-info';
import { PassageClient } from '../../client/passage-client';
import { en, type MessageKey } from '../../i18n/en';

type Load = { kind: 'loading' } | { kind: 'ready'; app: AppInfo } | { kind: 'invalid-app' };

const identifierLabel: Record<AppInfo['allowed_identifier'], MessageKey> = {
  email: 'email-address',
  phone: 'phone-number',
  both: 'email-or-phone-number',
};

/** The combined sign-in and registration widget. */
@Component({ tag: 'passage-auth', styleUrl: 'passage-auth.css', shadow: true })
export class PassageAuth {
  @Element() host!: HTMLElement;

  /** The id of the app on the identity server. */
  @Prop({ reflect: true }) appId!: string;
  /** Base URL of the identity server; defaults to the page's origin. */
  @Prop() apiUrl?: string;

  @State() load: Load = { kind: 'loading' };

  componentWillLoad(): Promise<void> {
    return this.fetchApp();
  }

  @Watch('appId')
  @Watch('apiUrl')
  async fetchApp(): Promise<void> {
    this.load = { kind: 'loading' };
    try {
      const app = await new PassageClient(this.appId, { apiUrl: this.apiUrl ?? '' }).appInfo();
      this.load = { kind: 'ready', app };
    } catch {
      this.load = { kind: 'invalid-app' };
    }
  }

  private renderBody() {
    switch (this.load.kind) {
      case 'loading':
        return <div class="spinner" part="spinner" role="progressbar" aria-label={en.loading} />;
      case 'invalid-app':
        return (
          <p class="notice" part="invalid-app-id" role="alert">
            {en['invalid-app-id']}
          </p>
        );
      case 'ready': {
        const label = en[identifierLabel[this.load.app.allowed_identifier]];
        return [
          <h1 part="title">{en['login-title']}</h1>,
          <form part="identifier-form" noValidate onSubmit={(e) => e.preventDefault()}>
            <label htmlFor="identifier">{label}</label>
            <input id="identifier" name="identifier" type="email" autocomplete="username webauthn" />
            <button type="submit" part="primary-button">
              {en.continue}
            </button>
          </form>,
        ];
      }
    }
  }

  render() {
    return (
      <Host>
        <div class="container" part="container">
          {this.renderBody()}
        </div>
      </Host>
    );
  }
}
