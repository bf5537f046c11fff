import { Component, Prop, Watch } from '@stencil/core';
import { SignInElement, type SignInKind } from '../sign-in/sign-in-element';

// The shadow parts below are those of <passage-login> and <passage-register> too (the same views):
// stencil.hydrate.config.ts copies them into those elements' generated docs.
/**
 * The combined sign-in and registration widget (login and register with a toggle).
 *
 * @part container - The widget's box (carries `data-theme`, `dir` and `lang`).
 * @part view - The current view.
 * @part view-<kind> - The current view by kind: `view-identifier`, `view-one-time-code`, `view-passkey-login`, …
 * @part title - A view's heading.
 * @part text - A view's paragraphs.
 * @part icon - A view's icon.
 * @part icon-<name> - A view's icon by name.
 * @part form - Every form.
 * @part identifier-form - The email / phone form.
 * @part code-form - The one-time-code form.
 * @part field - A field with its label.
 * @part label - A field's label.
 * @part input - Every text input.
 * @part identifier-input - The email / phone input.
 * @part identifier-row - The identifier input with the phone country dropdown.
 * @part metadata-input - A registration field's input.
 * @part checkbox - A checkbox.
 * @part country - The phone country dropdown.
 * @part country-select - The country dropdown's box.
 * @part country-list - The country dropdown's list of options.
 * @part otp - The one-time-code group.
 * @part otp-input - Each of the 6 one-time-code boxes.
 * @part button - Every button.
 * @part primary-button - The main action.
 * @part secondary-button - Other actions.
 * @part link - A link-styled button.
 * @part actions - A row of buttons.
 * @part links - A row of link-styled buttons.
 * @part error - An error line (a polite live region, kept while empty).
 * @part notice - The "Public registration is not allowed." notice and the notices shown when the app cannot be loaded.
 * @part invalid-app-id - Every notice shown when the app cannot be loaded (no app id, or one of the four below).
 * @part app-not-found - The server has no app with this id.
 * @part origin-not-allowed - This page's origin is not the app's auth_origin.
 * @part server-unreachable - No identity server answered at the URL the element asked.
 * @part server-error - The server refused with another error.
 * @part last-login-banner - "Welcome back, sign in as".
 * @part identifier - The email or phone a code or link went to, with its Change link.
 * @part social-error - Why a provider sent the visitor back without a sign-in, with the way on (an error line).
 * @part divider - The "Or" between the identifier form and the provider buttons.
 * @part social-buttons - The list of provider buttons (only when the app offers providers).
 * @part social-button - Each "Continue with …" button.
 * @part social-button-<type> - A provider's button by connection type: `social-button-google`, `social-button-github`, `social-button-apple`, or the id of an app's own OpenID Connect provider.
 * @part social-mark - The provider's mark in its button.
 * @part toggle - The login / register toggle.
 * @part branding - The badge.
 * @part metadata-grid - The registration fields grid (6 columns, 75px rows).
 * @part metadata-field - A registration field.
 * @part metadata-field-<type> - A registration field by type.
 * @part spinner - The loading spinner.
 * @part learn-more - The "What are passkeys?" disclosure.
 */
@Component({
  tag: 'passage-auth',
  styleUrls: ['../../themes/elements.css', '../sign-in/sign-in.css'],
  shadow: true,
})
export class PassageAuth extends SignInElement {
  /** Start in register mode instead of login. */
  @Prop() initialMode: 'login' | 'register' = 'login';

  protected signInKind(): SignInKind {
    return 'auth';
  }

  protected override startInRegister(): boolean {
    return this.initialMode === 'register';
  }

  @Watch('initialMode')
  initialModeChanged(): void {
    this.restart();
  }
}
