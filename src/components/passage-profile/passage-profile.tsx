import {
  Component,
  Element,
  Event,
  type EventEmitter,
  h,
  Host,
  Method,
  Prop,
  State,
  Watch,
} from '@stencil/core';
import type { AppInfo } from '../../client/app-info';
import { PassageClient } from '../../client/passage-client';
import { PassageError } from '../../client/passage-error';
import {
  changeEmail,
  changePhone,
  deleteDevice,
  getCurrentUser,
  getUserMetadata,
  listDevices,
  renameDevice,
  updateUserMetadata,
} from '../../client/profile';
import type { CurrentUser, Device } from '../../client/types';
import type { IdentifierType } from '../../flow/view-state';
import {
  checkDeviceName,
  checkMetadataForm,
  checkNewIdentifier,
  currentDeviceId,
  DEFAULT_PAGE_SIZE,
  devicePage,
  draftFromMetadata,
  initialProfileState,
  type MetadataValues,
  pageAfterResize,
  type PlacedField,
  type ProfileAction,
  profileFields,
  profileReducer,
  type ProfileState,
} from '../../flow/profile';
import type { PhoneReader } from '../../flow/validation/phone-reader';
import {
  loadProfileTranslator,
  type ProfileMessageKey,
  profileEnglish,
  type ProfileTranslator,
} from '../../i18n/profile';
import {
  customizationFor,
  resolveThemeMode,
  systemPrefersDark,
  watchSystemDark,
} from '../../themes/customization';
import { DevicesTable } from './devices-table';
import { canLookUp, identifierKinds, needsPhoneLibrary } from './login-rows';
import { LoginInfo } from './login-info';
import { MetadataForm } from './metadata-form';
import { Modal } from './modal';
import type { ProfileChange, SignInReason } from './profile-events';
import { classifyFailure } from './profile-failures';
import { adoptStyles, CONSTRUCTABLE, cspNonce } from '../../themes/sheets';
import { PROFILE_STYLES } from './profile-styles';
import { confirmationPath, readVerifyLink } from './verify-link';

/** What opening an email/phone change confirmation link gave. */
type LinkOutcome = { ok: true; identifier: IdentifierType | null } | { ok: false; key: ProfileMessageKey };

/** How the signed-out notice is announced: a sign-out the user asked for politely, one that could not
 * reach the server as an alert; "no user is logged in" (on load) not at all. */
const SIGNED_OUT_ROLE: Partial<Record<ProfileMessageKey, 'alert' | 'status'>> = {
  'signed-out': 'status',
  'signed-out-server-unreachable': 'alert',
};

const CONFIRMED: Record<IdentifierType | 'unknown', ProfileMessageKey> = {
  email: 'successfully-changed-email',
  phone: 'successfully-changed-phone',
  unknown: 'identifier-change-confirmed',
};

/**
 * The signed-in user's account: login info, personal info and passkeys.
 *
 * @part container - The element's box (carries `data-theme`, `dir` and `lang`).
 * @part login-info - The login info section (email and phone rows).
 * @part row - A login info row.
 * @part badge - A row's badge (verified, pending).
 * @part metadata - The personal info section.
 * @part metadata-grid - The personal info grid (6 columns, 75px rows).
 * @part metadata-field - A personal info field.
 * @part devices - The passkeys section.
 * @part devices-table - The passkeys table.
 * @part device-row - A passkey's row.
 * @part current-device - The "Current device" marker.
 * @part no-devices - The line shown when the user has no passkey.
 * @part paginator - The passkeys table's paginator.
 * @part page-size - The rows-per-page select.
 * @part page-position - The paginator's position text.
 * @part modal - A dialog (native modal `<dialog>`).
 * @part modal-danger - The delete confirmation dialog.
 * @part input - Every input.
 * @part error - An error line.
 * @part alert - An error announced as an alert.
 * @part status - A confirmation (polite live region).
 * @part session-notice - The "session ended" notice.
 * @part reauthentication-notice - The "sign in again to continue" notice.
 * @part load-failed - The notice shown when the user could not be loaded.
 * @part spinner - The loading spinner.
 * @part primary-button - The main actions.
 * @part secondary-button - Other actions.
 * @part link - Link-styled buttons (Edit, Rename, Learn more).
 * @part danger-link - Delete in the passkeys table.
 * @part danger-button - Delete in the confirmation dialog.
 */
@Component({ tag: 'passage-profile', styleUrl: 'passage-profile.css', shadow: true })
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

  @State() state: ProfileState = initialProfileState;
  @State() app: AppInfo | null = null;
  @State() user: CurrentUser | null = null;
  @State() devices: Device[] = [];
  @State() metadata: Record<string, unknown> = {};
  @State() translator: ProfileTranslator = profileEnglish;
  @State() identifierDraft = '';
  @State() identifierError: string | null = null;
  @State() metadataDraft: MetadataValues = {};
  @State() metadataErrors: Record<string, ProfileMessageKey> = {};
  @State() renameDraft = '';
  @State() renameError: string | null = null;
  @State() page = 0;
  @State() pageSize = DEFAULT_PAGE_SIZE;
  @State() announcement = '';
  @State() alert: string | null = null;
  /** An action was refused until the user signs in again; the session itself is still valid. */
  @State() reauthenticate = false;
  /** What the signed-out state says. */
  @State() signedOutNotice: ProfileMessageKey = 'there-is-no-currently-logged-in-user';
  @State() busy = false;
  @State() systemDark = false;

  private client!: PassageClient;
  private phone: PhoneReader | undefined;
  private phoneLoading: Promise<void> | undefined;
  private opener: HTMLElement | null = null;
  private stopWatchingTheme: (() => void) | null = null;

  private get t() {
    return this.translator.t;
  }

  private dispatch(action: ProfileAction) {
    this.state = profileReducer(this.state, action);
  }

  connectedCallback() {
    this.systemDark = systemPrefersDark();
    this.stopWatchingTheme = watchSystemDark((dark) => (this.systemDark = dark));
  }

  disconnectedCallback() {
    this.stopWatchingTheme?.();
  }

  componentWillLoad() {
    void this.load();
  }

  @Watch('lang')
  async loadLanguage() {
    this.translator = await loadProfileTranslator([
      this.lang,
      ...(typeof navigator === 'undefined' ? [] : navigator.languages),
      this.app?.default_language,
    ]);
  }

  @Watch('appId')
  @Watch('apiUrl')
  async load() {
    this.state = initialProfileState;
    this.alert = null;
    this.reauthenticate = false;
    this.signedOutNotice = 'there-is-no-currently-logged-in-user';
    this.client = new PassageClient(this.appId, { apiUrl: this.apiUrl ?? '' });
    try {
      this.app = await this.client.appInfo();
    } catch {
      this.dispatch({ type: 'failed', status: 'invalid-app' });
      return;
    }
    const [link] = await Promise.all([
      this.openVerifyLink(),
      this.loadLanguage(),
      this.loadPhoneReader(identifierKinds(this.app.allowed_identifier, null)),
    ]);
    if (!this.client.tokenStore.getAuthToken() && !this.client.tokenStore.getRefreshToken()) {
      this.dispatch({ type: 'signed-out' });
    } else {
      await this.loadUser();
    }
    if (link) this.reportVerifyLink(link);
  }

  /**
   * Confirms an email/phone change when the page was opened with its link (`?psg_verify_link=`,
   * PATCH magic-link/activate). The link's parameters leave the address first, so a reload cannot
   * spend it twice. Activation signs the link's user in, so the profile loads after it.
   */
  private async openVerifyLink(): Promise<LinkOutcome | null> {
    const link = typeof location === 'undefined' ? null : readVerifyLink(location.href);
    if (!link) return null;
    history.replaceState(history.state, '', link.cleanPath);
    try {
      await this.client.magicLinkActivate(link.token);
      return { ok: true, identifier: link.kind };
    } catch (error) {
      const invalid = error instanceof PassageError && error.statusCode === 404;
      return { ok: false, key: invalid ? 'link-invalid' : 'verification-failed-please-try-again' };
    }
  }

  /** Says what the link did, once the profile shows the result. */
  private reportVerifyLink(link: LinkOutcome) {
    if (!link.ok) {
      const message = this.t(link.key);
      this.alert ??= message;
      this.emit({ type: 'error', action: 'confirm-identifier-change', message });
      return;
    }
    this.emit({ type: 'identifier-change-confirmed', identifier: link.identifier });
    if (this.state.status === 'ready') this.announce(CONFIRMED[link.identifier ?? 'unknown']);
  }

  private async loadUser() {
    await this.run(
      'load',
      async () => {
        const account = this.client.getCurrentUser();
        const [user, devices, metadata] = await Promise.all([
          getCurrentUser(account),
          listDevices(account),
          getUserMetadata(account),
        ]);
        this.user = user;
        this.devices = devices;
        this.metadata = metadata;
        this.metadataDraft = draftFromMetadata(this.fieldList(), metadata);
        await this.loadPhoneReader(this.identifierKinds());
        this.dispatch({ type: 'loaded' });
        this.emit({ type: 'loaded', user });
      },
      'failed-to-load-profile',
    );
  }

  /** Deletes a passkey by id, as the Delete button does after confirmation; errors show in the element. */
  @Method()
  async deleteDevice(deviceId: string): Promise<void> {
    const wasCurrent = deviceId !== '' && deviceId === this.currentDevice();
    await this.run(
      'delete-device',
      async () => {
        await deleteDevice(this.client.getCurrentUser(), deviceId);
        this.devices = this.devices.filter((device) => device.id !== deviceId);
        this.emit({ type: 'device-deleted', deviceId, wasCurrent });
        this.announce('device-deleted');
      },
      'failed-to-revoke-this-device',
    );
  }

  /** Renames a passkey by id, as the Rename form does; errors show in the element. */
  @Method()
  async renameDevice(deviceId: string, friendlyName: string): Promise<void> {
    await this.run(
      'rename-device',
      async () => {
        const device = await renameDevice(this.client.getCurrentUser(), deviceId, friendlyName);
        this.devices = this.devices.map((d) => (d.id === device.id ? device : d));
        this.finishEdit(`rename-${device.id}`);
        this.emit({ type: 'device-renamed', device });
        this.announce('device-renamed');
      },
      'failed-to-rename-this-device',
    );
  }

  /** Signs out: forgets the stored tokens and revokes the refresh token on the server. When the server
   * cannot be reached the tokens are still gone from this browser, and the element says so. */
  @Method()
  async signOut(): Promise<void> {
    const revoked = await this.client.getCurrentSession().signOut();
    this.user = null;
    this.devices = [];
    this.alert = null;
    this.reauthenticate = false;
    this.signedOutNotice = revoked ? 'signed-out' : 'signed-out-server-unreachable';
    this.dispatch({ type: 'signed-out' });
    this.emit({ type: 'signed-out', revoked });
  }

  private emit(change: ProfileChange) {
    this.profileChange.emit(change);
  }

  private announce(key: ProfileMessageKey, params?: Record<string, string>) {
    this.alert = null;
    this.announcement = this.t(key, params);
  }

  /**
   * Runs one server action. A lost session switches to the sign-in-again state; a change that needs a
   * recent sign-in says so and offers one, keeping the session; any other failure shows the action's
   * message with the server's reason. Each fires its change.
   */
  private async run(
    action: string,
    work: () => Promise<void>,
    failure: ProfileMessageKey = 'something-went-wrong',
  ) {
    this.busy = true;
    this.alert = null;
    this.reauthenticate = false;
    this.announcement = '';
    try {
      await work();
    } catch (error) {
      const kind = classifyFailure(error);
      if (kind === 'session-lost') {
        this.dispatch({ type: 'failed', status: 'session-expired' });
        this.emit({ type: 'session-expired' });
      } else if (kind === 'reauthenticate') {
        this.reauthenticate = true;
        this.emit({ type: 'reauthentication-required', action });
      } else {
        const reason = error instanceof Error && error.message ? ` ${error.message}` : '';
        const text = `${this.t(failure)}${reason}`;
        this.alert = text;
        this.emit({ type: 'error', action, message: text });
      }
    } finally {
      this.busy = false;
      if (this.state.status === 'loading' && action === 'load')
        this.dispatch({ type: 'failed', status: 'load-failed' });
    }
  }

  /** The phone library is a lazy chunk, loaded (once) only when the user can type a phone number:
   * as soon as the app's settings tell, otherwise once the user shows a phone row. */
  private loadPhoneReader(kinds: IdentifierType[]): Promise<void> {
    if (!this.app || !needsPhoneLibrary(this.app, kinds)) return Promise.resolve();
    this.phoneLoading ??= import('../../phone/libphonenumber-reader').then((module) => {
      this.phone = module.libphonenumberReader;
    });
    return this.phoneLoading;
  }

  private validationOptions() {
    return { phone: this.phone, country: this.defaultCountryCode };
  }

  private fields(): PlacedField[] {
    return this.app ? profileFields(this.app) : [];
  }

  private fieldList() {
    return this.fields().map((placed) => placed.field);
  }

  private currentDevice(): string | null {
    return this.user ? currentDeviceId(this.devices, this.user.id, this.client.credentials.all()) : null;
  }

  private identifierKinds(): IdentifierType[] {
    return identifierKinds(this.app?.allowed_identifier ?? 'email', this.user);
  }

  // Login info ------------------------------------------------------------------------------------

  private editIdentifier = (kind: IdentifierType) => {
    this.identifierDraft = (kind === 'email' ? this.user?.email : this.user?.phone) ?? '';
    this.identifierError = null;
    this.dispatch({ type: 'edit', editing: { kind: 'identifier', identifier: kind } });
    this.focusSoon(`#identifier-${kind}`);
  };

  private saveIdentifier = async (kind: IdentifierType) => {
    const user = this.user as CurrentUser;
    const current = kind === 'email' ? user.email : user.phone;
    const fieldName = this.t(kind === 'email' ? 'email-address' : 'phone-number').toLowerCase();
    const check = checkNewIdentifier(kind, this.identifierDraft, current, this.validationOptions());
    if (!check.ok) {
      this.identifierError = this.t(check.error as ProfileMessageKey, { field: fieldName });
      return;
    }
    this.identifierError = null;
    await this.run(
      `change-${kind}`,
      async () => {
        const lookUp = canLookUp((this.app as AppInfo).allowed_identifier, kind);
        if (lookUp && (await this.client.identifierExists(check.value))) {
          this.identifierError = this.t(
            kind === 'email' ? 'email-address-already-in-use' : 'phone-number-already-in-use',
          );
          return;
        }
        const account = this.client.getCurrentUser();
        const options = {
          language: this.translator.lang,
          magicLinkPath: confirmationPath(this.verifyLinkPath || pagePath(), kind),
        };
        if (kind === 'email') await changeEmail(account, check.value, options);
        else await changePhone(account, check.value, options);
        const user = await getCurrentUser(account);
        this.user = user;
        const confirmed = (kind === 'email' ? user.email : user.phone) === check.value;
        if (kind === 'email') this.emit({ type: 'email-change-requested', newEmail: check.value, confirmed });
        else this.emit({ type: 'phone-change-requested', newPhone: check.value, confirmed });
        if (confirmed) this.announce('identifier-updated', { field: fieldName });
        else
          this.announce(kind === 'email' ? 'weve-sent-confirmation-email' : 'weve-sent-confirmation-text', {
            identifier: check.value,
          });
        this.finishEdit(kind);
      },
      kind === 'email' ? 'failed-to-update-email' : 'failed-to-update-phone',
    );
  };

  // Metadata --------------------------------------------------------------------------------------

  private editMetadata = () => {
    this.metadataDraft = draftFromMetadata(this.fieldList(), this.metadata);
    this.metadataErrors = {};
    this.dispatch({ type: 'edit', editing: { kind: 'metadata' } });
    this.focusSoon('.metadata-grid input');
  };

  private saveMetadata = async () => {
    const check = checkMetadataForm(this.fieldList(), this.metadataDraft, this.validationOptions());
    if (!check.ok) {
      this.metadataErrors = check.errors as Record<string, ProfileMessageKey>;
      this.focusSoon('.metadata-grid input[aria-invalid="true"]');
      return;
    }
    this.metadataErrors = {};
    await this.run(
      'update-metadata',
      async () => {
        const user = await updateUserMetadata(this.client.getCurrentUser(), check.values);
        this.user = user;
        this.metadata = user.user_metadata ?? check.values;
        this.finishEdit('metadata');
        this.emit({ type: 'metadata-updated', userMetadata: this.metadata });
        this.announce('saved');
      },
      'failed-to-update-metadata',
    );
  };

  // Devices ---------------------------------------------------------------------------------------

  private startRename = (device: Device) => {
    this.renameDraft = device.friendly_name;
    this.renameError = null;
    this.dispatch({ type: 'edit', editing: { kind: 'rename-device', deviceId: device.id } });
    this.focusSoon(`#rename-${CSS.escape(device.id)}`);
  };

  private saveRename = async (device: Device) => {
    const check = checkDeviceName(this.renameDraft);
    if (!check.ok) {
      this.renameError = this.t(check.error);
      return;
    }
    this.renameError = null;
    await this.renameDevice(device.id, check.value);
  };

  private askDelete = (device: Device, opener: HTMLElement) => {
    this.opener = opener;
    this.dispatch({ type: 'open', dialog: { kind: 'confirm-delete', deviceId: device.id } });
  };

  private confirmDelete = async (deviceId: string) => {
    this.closeDialog(false);
    await this.deleteDevice(deviceId);
    this.page = devicePage(this.devices, this.page, this.pageSize).page;
    this.focusSoon('#passkeys-title');
  };

  private addPasskey = async () => {
    await this.run(
      'add-device',
      async () => {
        const device = await this.client.getCurrentUser().addDevice('platform');
        if (!device?.id) throw new Error('');
        this.devices = await listDevices(this.client.getCurrentUser());
        this.emit({ type: 'device-added', device });
        this.announce('device-added');
      },
      'failed-to-add-this-device',
    );
  };

  private setPageSize = (size: number) => {
    this.page = pageAfterResize(this.page * this.pageSize, size);
    this.pageSize = size;
  };

  // Dialogs and focus -----------------------------------------------------------------------------

  private openLearnMore = (opener: HTMLElement) => {
    this.opener = opener;
    this.dispatch({ type: 'open', dialog: { kind: 'learn-more' } });
  };

  private closeDialog = (restoreFocus = true) => {
    this.shadowDialog()?.close();
    this.dispatch({ type: 'close' });
    if (restoreFocus && this.opener?.isConnected) this.opener.focus();
    this.opener = null;
  };

  private shadowDialog(): HTMLDialogElement | null {
    return this.host.shadowRoot?.querySelector('dialog') ?? null;
  }

  /** Closes the open edit and gives focus back to the Edit button that opened it. */
  private finishEdit(editKey: string) {
    this.dispatch({ type: 'edit-done' });
    this.focusSoon(`[data-edit="${CSS.escape(editKey)}"]`);
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

  /** "Sign in again": tells the page why, then goes to `sign-in-url` when there is one. */
  private requestSignIn(reason: SignInReason) {
    this.emit({ type: 'sign-in-requested', reason });
    if (this.signInUrl) location.assign(this.signInUrl);
  }

  // Rendering -------------------------------------------------------------------------------------

  private renderDialog() {
    const { t } = this;
    const dialog = this.state.dialog;
    if (dialog.kind === 'learn-more') {
      return (
        <Modal id="learn-more" title={t('what-are-passkeys')} onClose={() => this.closeDialog()}>
          <p>{t('passkeys-are-a-simpler-and-more-secure-alternative')}</p>
          <dl class="benefits">
            <dt>{t('simple')}</dt>
            <dd>{t('unlock-your-passkey')}</dd>
            <dt>{t('secure')}</dt>
            <dd>{t('passkey-is-unique')}</dd>
            <dt>{t('private')}</dt>
            <dd>{t('passkey-stays-on-device')}</dd>
          </dl>
          <div class="modal-actions">
            <button type="button" part="primary-button" data-autofocus onClick={() => this.closeDialog()}>
              {t('close')}
            </button>
          </div>
        </Modal>
      );
    }
    if (dialog.kind === 'confirm-delete') {
      const device = this.devices.find((d) => d.id === dialog.deviceId);
      const name = device?.friendly_name ?? '';
      const isCurrent = dialog.deviceId === this.currentDevice();
      return (
        <Modal
          id="confirm-delete"
          title={t('delete-passkey-title')}
          danger
          onClose={() => this.closeDialog()}
        >
          <p>{t(isCurrent ? 'delete-current-passkey-text' : 'delete-passkey-text', { name })}</p>
          <div class="modal-actions">
            <button type="button" part="secondary-button" data-autofocus onClick={() => this.closeDialog()}>
              {t('cancel')}
            </button>
            <button type="button" part="danger-button" onClick={() => this.confirmDelete(dialog.deviceId)}>
              {t('delete')}
            </button>
          </div>
        </Modal>
      );
    }
    return null;
  }

  private renderSignIn(
    key: ProfileMessageKey,
    reason: SignInReason,
    part: string,
    role?: 'alert' | 'status',
  ) {
    return (
      <div class="notice" part={part}>
        <p role={role}>{this.t(key)}</p>
        <button type="button" part="primary-button" onClick={() => this.requestSignIn(reason)}>
          {this.t('sign-in-again')}
        </button>
      </div>
    );
  }

  private renderReady() {
    const user = this.user as CurrentUser;
    const app = this.app as AppInfo;
    const editing = this.state.editing;
    const fields = this.fields();
    const page = devicePage(this.devices, this.page, this.pageSize);
    return [
      <LoginInfo
        t={this.t}
        user={user}
        kinds={this.identifierKinds()}
        editable={app.profile_management}
        editing={editing.kind === 'identifier' ? editing.identifier : null}
        draft={this.identifierDraft}
        error={this.identifierError}
        busy={this.busy}
        onEdit={this.editIdentifier}
        onInput={(value) => (this.identifierDraft = value)}
        onSave={this.saveIdentifier}
        onCancel={(kind) => this.finishEdit(kind)}
      />,
      fields.length ? (
        <MetadataForm
          t={this.t}
          fields={fields}
          values={
            editing.kind === 'metadata'
              ? this.metadataDraft
              : draftFromMetadata(this.fieldList(), this.metadata)
          }
          errors={editing.kind === 'metadata' ? this.metadataErrors : {}}
          editing={editing.kind === 'metadata'}
          editable={app.profile_management}
          busy={this.busy}
          onEdit={this.editMetadata}
          onChange={(name, value) => (this.metadataDraft = { ...this.metadataDraft, [name]: value })}
          onSave={this.saveMetadata}
          onCancel={() => this.finishEdit('metadata')}
        />
      ) : null,
      <DevicesTable
        t={this.t}
        formatDate={this.formatDate}
        page={page}
        pageSize={this.pageSize}
        currentDeviceId={this.currentDevice()}
        renaming={editing.kind === 'rename-device' ? editing.deviceId : null}
        renameDraft={this.renameDraft}
        renameError={this.renameError}
        busy={this.busy}
        canAddDevice={typeof PublicKeyCredential !== 'undefined'}
        onPage={(p) => (this.page = p)}
        onPageSize={this.setPageSize}
        onRename={this.startRename}
        onRenameInput={(value) => (this.renameDraft = value)}
        onRenameSave={this.saveRename}
        onRenameCancel={(device) => this.finishEdit(`rename-${device.id}`)}
        onDelete={this.askDelete}
        onAdd={this.addPasskey}
        onLearnMore={this.openLearnMore}
      />,
      <div class="sign-out">
        <button type="button" part="secondary-button" onClick={() => this.signOut()}>
          {this.t('sign-out')}
        </button>
      </div>,
      this.renderDialog(),
    ];
  }

  private renderBody() {
    switch (this.state.status) {
      case 'loading':
        return <div class="spinner" part="spinner" role="progressbar" aria-label={this.t('loading')} />;
      case 'invalid-app':
        return (
          <p class="notice" part="invalid-app-id" role="alert">
            {this.t('invalid-app-id')}
          </p>
        );
      case 'signed-out':
        return this.renderSignIn(
          this.signedOutNotice,
          'signed-out',
          'session-notice',
          SIGNED_OUT_ROLE[this.signedOutNotice],
        );
      case 'session-expired':
        return this.renderSignIn('session-expired', 'session-expired', 'session-notice', 'alert');
      case 'load-failed':
        return (
          <div class="notice" part="load-failed">
            <button type="button" part="primary-button" onClick={() => this.load()}>
              {this.t('try-again')}
            </button>
          </div>
        );
      case 'ready':
        return this.renderReady();
    }
  }

  render() {
    const mode = resolveThemeMode(this.theme, this.systemDark);
    return (
      <Host>
        {CONSTRUCTABLE ? null : <style nonce={cspNonce()}>{PROFILE_STYLES}</style>}
        <div
          class="container profile"
          part="container"
          data-theme={mode}
          // CSSOM properties and an adopted sheet: nothing a strict style-src refuses (themes/sheets.ts).
          style={customizationFor(this.app, mode)}
          ref={(el) => adoptStyles(el, PROFILE_STYLES)}
          dir={this.translator.dir}
          lang={this.translator.lang}
        >
          <h1 class="visually-hidden">{this.t('profile-title')}</h1>
          {this.renderBody()}
          {this.reauthenticate && this.state.status === 'ready'
            ? this.renderSignIn(
                'reauthentication-required',
                'reauthentication-required',
                'reauthentication-notice',
                'alert',
              )
            : null}
          <p class="alert" part="alert" role="alert">
            {this.alert ?? ''}
          </p>
          <p class="status" aria-live="polite" part="status">
            {this.state.status === 'ready' ? this.announcement : ''}
          </p>
        </div>
      </Host>
    );
  }
}

/** The address of the page the element is on, as a path. */
function pagePath(): string {
  return typeof location === 'undefined' ? '/' : location.pathname + location.search + location.hash;
}
