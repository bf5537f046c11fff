/**
 * `<passage-profile>` as a state machine over `ProfileView`: the element calls its methods, the flow
 * calls the client through injected ports and emits the next view. No DOM, no fetch.
 */
import type { AppInfo } from '../../client/app-info';
import type { CurrentUser, Device } from '../../client/types';
import { latest } from '../latest';
import type { MessageKey } from '../../i18n';
import type { Params } from '../../i18n/format';
import type { PhoneReader } from '../validation/phone-reader';
import type { IdentifierType } from '../view-state';
import {
  checkDeviceName,
  currentDeviceId,
  type DevicePage,
  devicePage,
  pageAfterResize,
  pageButtonAfterTurn,
} from './devices';
import { appProblem } from '../app-problem';
import { classifyFailure, failureText } from './failures';
import { checkNewIdentifier } from './identifier-edit';
import { canLookUp, identifierKinds, needsPhoneLibrary } from './login-rows';
import { checkMetadataForm, draftFromMetadata, type MetadataValues } from './metadata-form';
import { type PlacedField, profileFields } from './profile-fields';
import type { SignInReason } from './profile-events';
import type { ProfileClient, ProfilePorts } from './profile-ports';
import { type ProfileAction, profileReducer } from './profile-state';
import {
  FAILURE_PLACE,
  initialProfileView,
  type ProfileView,
  type ServerAction,
  type StatusPlace,
} from './profile-view';
import { offersSocial, openSocialCallback, ProfileSocial, type SocialOutcome } from './social-connections';
import type { ProfileHost } from './profile-host';
import { confirmationPath, type LinkOutcome, openVerifyLink, reportVerifyLink } from './verify-link';

type Listener = (view: ProfileView) => void;

export class ProfileFlow {
  private view: ProfileView = initialProfileView;
  private readonly listeners = new Set<Listener>();
  /** Every load starts a generation; results of an older load, or of actions started under it, are
   * dropped. */
  private readonly loads = latest();
  private client?: ProfileClient;
  private phone?: PhoneReader;
  private phoneLoading?: Promise<void>;
  /** The confirmation link (or provider callback) being opened: a load that overtakes it reports it. */
  private link?: Promise<LinkOutcome | null>;
  private socialLink?: Promise<SocialOutcome | null>;
  /** What the helpers of its sections see of the flow (profile-host.ts). */
  private readonly host: ProfileHost = {
    ports: this.ports,
    view: () => this.view,
    set: (patch) => this.set(patch),
    announce: (at, key, params) => this.announce(at, key, params),
    run: (action, failure, work, apply) => this.run(action, failure, work, apply),
  };
  private readonly social = new ProfileSocial(this.host);

  constructor(private readonly ports: ProfilePorts) {}

  get state(): ProfileView {
    return this.view;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- loading ----

  /**
   * (Re)loads everything: the app, a confirmation link the page was opened with, the language, then
   * the user when this browser holds a session. A newer load makes this one's results stale.
   */
  async load(): Promise<void> {
    const fresh = this.loads.next();
    const client = this.ports.client();
    this.client = client;
    this.set({
      status: 'loading',
      editing: { kind: 'none' },
      dialog: { kind: 'none' },
      alert: null,
      reauthenticate: false,
      failedAt: null,
      signedOutNotice: 'there-is-no-currently-logged-in-user',
      busy: false,
      appProblem: null,
    });
    let app: AppInfo;
    try {
      app = await client.appInfo();
    } catch (error) {
      if (!fresh()) return;
      const { target } = client;
      this.set({ appProblem: target.appId ? appProblem(error, target) : null });
      this.reduce({ type: 'failed', status: 'invalid-app' });
      return;
    }
    if (!fresh()) return;
    this.set({ app });
    const [link, social] = await Promise.all([
      (this.link ??= openVerifyLink(this.ports.page, client)),
      (this.socialLink ??= openSocialCallback(this.ports.page, client, app)),
      this.ports.loadLanguage(app.default_language),
      this.ensurePhone(identifierKinds(app.allowed_identifier, null)),
    ]);
    if (!fresh()) return;
    if (client.hasSession()) await this.loadUser(fresh);
    else this.reduce({ type: 'signed-out' });
    if (!fresh()) return;
    this.link = this.socialLink = undefined;
    if (link) reportVerifyLink(this.host, link);
    if (social) this.social.report(social);
  }

  private loadUser(fresh: () => boolean): Promise<void> {
    return this.run(
      'load',
      'failed-to-load-profile',
      async (client) => {
        const [user, devices, metadata, socialConnections] = await Promise.all([
          client.currentUser(),
          client.devices(),
          client.userMetadata(),
          offersSocial(this.view.app) ? client.socialConnections() : {},
        ]);
        await this.ensurePhone(this.kindsOf(user));
        return { user, devices, metadata, socialConnections };
      },
      ({ user, devices, metadata, socialConnections }) => {
        const metadataDraft = draftFromMetadata(this.fieldList(), metadata);
        this.set({ user, devices, metadata, socialConnections, metadataDraft });
        this.reduce({ type: 'loaded' });
        this.ports.emit({ type: 'loaded', user });
      },
      fresh,
    );
  }

  /** The phone library is a lazy chunk, loaded (once) only when the user can type a phone number:
   * as soon as the app's settings tell, otherwise once the user shows a phone row. A chunk that
   * fails to load is logged and asked again next time (phone numbers are refused meanwhile). */
  private ensurePhone(kinds: IdentifierType[]): Promise<void> {
    const app = this.view.app;
    if (!app || !needsPhoneLibrary(app, kinds)) return Promise.resolve();
    this.phoneLoading ??= this.ports.loadPhoneReader().then(
      (reader) => {
        this.phone = reader;
      },
      (error) => {
        this.phoneLoading = undefined;
        (this.ports.log ?? ((m, e) => console.warn(`[open-passage] ${m}`, e)))(
          'the phone library failed to load',
          error,
        );
      },
    );
    return this.phoneLoading;
  }

  // ---- what the view reads ----

  /** The metadata fields on the profile grid. */
  fields(): PlacedField[] {
    return this.view.app ? profileFields(this.view.app) : [];
  }

  /** The login-info rows. */
  kinds(): IdentifierType[] {
    return this.kindsOf(this.view.user);
  }

  /** The passkey this browser signed in with, if it is listed. */
  currentDevice(): string | null {
    const { user, devices } = this.view;
    return user && this.client ? currentDeviceId(devices, user.id, this.client.credentials()) : null;
  }

  /** The passkeys table's rows on the page shown (clamped when the list shrank). */
  devicePage(): DevicePage {
    return devicePage(this.view.devices, this.view.page, this.view.pageSize);
  }

  private kindsOf(user: CurrentUser | null): IdentifierType[] {
    return identifierKinds(this.view.app?.allowed_identifier ?? 'email', user);
  }

  private fieldList() {
    return this.fields().map((placed) => placed.field);
  }

  // ---- login info ----

  editIdentifier(kind: IdentifierType): void {
    const user = this.view.user;
    this.set({
      identifierDraft: (kind === 'email' ? user?.email : user?.phone) ?? '',
      identifierError: null,
    });
    this.reduce({ type: 'edit', editing: { kind: 'identifier', identifier: kind } });
    this.ports.focus({ to: 'identifier-input', kind });
  }

  setIdentifierDraft(value: string): void {
    this.set({ identifierDraft: value });
  }

  /** Validates the new email/phone, refuses one in use where the app can tell, then asks for the
   * change (the server sends a confirmation link unless the app confirms at once). */
  async saveIdentifier(kind: IdentifierType): Promise<void> {
    const { user, app } = this.view;
    if (!user || !app) return;
    const current = kind === 'email' ? user.email : user.phone;
    const field = this.t(kind === 'email' ? 'email-address' : 'phone-number').toLowerCase();
    const check = checkNewIdentifier(kind, this.view.identifierDraft, current, this.validation());
    if (!check.ok) return this.set({ identifierError: this.t(check.error as MessageKey, { field }) });
    const value = check.value;
    this.set({ identifierError: null });
    await this.run(
      `change-${kind}`,
      kind === 'email' ? 'failed-to-update-email' : 'failed-to-update-phone',
      async (client) => {
        if (canLookUp(app.allowed_identifier, kind) && (await client.identifierExists(value))) return null;
        const magicLinkPath = confirmationPath(this.ports.verifyLinkPath() || this.ports.page.path(), kind);
        await client.changeIdentifier(kind, value, { language: this.ports.translator().lang, magicLinkPath });
        return client.currentUser();
      },
      (updated) => {
        if (!updated) {
          const taken = kind === 'email' ? 'email-address-already-in-use' : 'phone-number-already-in-use';
          return this.set({ identifierError: this.t(taken) });
        }
        this.set({ user: updated });
        const confirmed = (kind === 'email' ? updated.email : updated.phone) === value;
        if (kind === 'email') this.ports.emit({ type: 'email-change-requested', newEmail: value, confirmed });
        else this.ports.emit({ type: 'phone-change-requested', newPhone: value, confirmed });
        if (confirmed) this.announce('login-info', 'identifier-updated', { field });
        else
          this.announce(
            'login-info',
            kind === 'email' ? 'weve-sent-confirmation-email' : 'weve-sent-confirmation-text',
            { identifier: value },
          );
        this.finishEdit(kind);
      },
    );
  }

  // ---- metadata ----

  editMetadata(): void {
    this.set({ metadataDraft: draftFromMetadata(this.fieldList(), this.view.metadata), metadataErrors: {} });
    this.reduce({ type: 'edit', editing: { kind: 'metadata' } });
    this.ports.focus({ to: 'metadata-input', invalid: false });
  }

  setMetadataValue(fieldName: string, value: string | boolean): void {
    this.set({ metadataDraft: { ...this.view.metadataDraft, [fieldName]: value } });
  }

  /** The values the form shows: the draft while editing, the stored metadata otherwise. */
  metadataValues(): MetadataValues {
    return this.view.editing.kind === 'metadata'
      ? this.view.metadataDraft
      : draftFromMetadata(this.fieldList(), this.view.metadata);
  }

  async saveMetadata(): Promise<void> {
    const check = checkMetadataForm(this.fieldList(), this.view.metadataDraft, this.validation());
    if (!check.ok) {
      this.set({ metadataErrors: check.errors as Record<string, MessageKey> });
      return this.ports.focus({ to: 'metadata-input', invalid: true });
    }
    this.set({ metadataErrors: {} });
    await this.run(
      'update-metadata',
      'failed-to-update-metadata',
      (client) => client.updateUserMetadata(check.values),
      (user) => {
        const metadata = user.user_metadata ?? check.values;
        this.set({ user, metadata });
        this.finishEdit('metadata');
        this.ports.emit({ type: 'metadata-updated', userMetadata: metadata });
        this.announce('metadata', 'saved');
      },
    );
  }

  // ---- passkeys ----

  startRename(device: Device): void {
    this.set({ renameDraft: device.friendly_name, renameError: null });
    this.reduce({ type: 'edit', editing: { kind: 'rename-device', deviceId: device.id } });
    this.ports.focus({ to: 'rename-input', deviceId: device.id });
  }

  setRenameDraft(value: string): void {
    this.set({ renameDraft: value });
  }

  async saveRename(deviceId: string): Promise<void> {
    const check = checkDeviceName(this.view.renameDraft);
    if (!check.ok) return this.set({ renameError: this.t(check.error) });
    this.set({ renameError: null });
    await this.renameDevice(deviceId, check.value);
  }

  /** Renames a passkey (the Rename form, or the element's method). */
  renameDevice(deviceId: string, friendlyName: string): Promise<void> {
    return this.run(
      'rename-device',
      'failed-to-rename-this-device',
      (client) => client.renameDevice(deviceId, friendlyName),
      (device) => {
        this.set({ devices: this.view.devices.map((d) => (d.id === device.id ? device : d)) });
        this.finishEdit(`rename-${device.id}`);
        this.ports.emit({ type: 'device-renamed', device });
        this.announce('devices', 'device-renamed');
      },
    );
  }

  /** Deletes a passkey (after the confirmation dialog, or the element's method). */
  deleteDevice(deviceId: string): Promise<void> {
    const wasCurrent = deviceId !== '' && deviceId === this.currentDevice();
    return this.run(
      'delete-device',
      'failed-to-revoke-this-device',
      (client) => client.deleteDevice(deviceId),
      () => {
        this.set({ devices: this.view.devices.filter((device) => device.id !== deviceId) });
        this.ports.emit({ type: 'device-deleted', deviceId, wasCurrent });
        this.announce('devices', 'device-deleted');
      },
    );
  }

  /** Delete confirmed in the dialog: deletes, keeps the page in range, focuses the table's title. */
  async confirmDelete(deviceId: string): Promise<void> {
    this.reduce({ type: 'close' });
    await this.deleteDevice(deviceId);
    this.set({ page: this.devicePage().page });
    this.ports.focus({ to: 'passkeys-title' });
  }

  async addPasskey(): Promise<void> {
    await this.run(
      'add-device',
      'failed-to-add-this-device',
      async (client) => {
        const device = await client.addDevice();
        if (!device?.id) throw new Error('');
        return { device, devices: await client.devices() };
      },
      ({ device, devices }) => {
        this.set({ devices });
        this.ports.emit({ type: 'device-added', device });
        this.announce('devices', 'device-added');
      },
    );
  }

  /** Turns the page from the paginator's previous / next button. */
  setPage(page: number): void {
    this.set({ page });
    const button = pageButtonAfterTurn(this.devicePage());
    if (button) this.ports.focus({ to: 'page-button', button });
  }

  /** Changes the rows per page, keeping the first row shown in view. */
  setPageSize(pageSize: number): void {
    this.set({ page: pageAfterResize(this.view.page * this.view.pageSize, pageSize), pageSize });
  }

  // ---- sign-in accounts (social-connections.ts): Connect leaves for the provider ----
  readonly connectSocial = (type: string): Promise<void> => this.social.connect(type);
  readonly removeSocial = (type: string): Promise<void> => this.social.remove(type);

  // ---- dialogs, edits, session ----

  openLearnMore(): void {
    this.reduce({ type: 'open', dialog: { kind: 'learn-more' } });
  }

  askDelete(deviceId: string): void {
    this.reduce({ type: 'open', dialog: { kind: 'confirm-delete', deviceId } });
  }

  closeDialog(): void {
    this.reduce({ type: 'close' });
  }

  /** Closes the open edit and gives focus back to the Edit button that opened it. */
  finishEdit(edit: string): void {
    this.reduce({ type: 'edit-done' });
    this.ports.focus({ to: 'edit-button', edit });
  }

  /** Signs out: forgets the stored tokens and revokes the refresh token on the server. When the
   * server cannot be reached the tokens are still gone from this browser, and the element says so. */
  async signOut(): Promise<void> {
    const fresh = this.loads.current();
    const revoked = await this.client!.signOut();
    if (!fresh()) return;
    this.set({
      user: null,
      devices: [],
      alert: null,
      reauthenticate: false,
      signedOutNotice: revoked ? 'signed-out' : 'signed-out-server-unreachable',
    });
    this.reduce({ type: 'signed-out' });
    this.ports.emit({ type: 'signed-out', revoked });
  }

  /** "Sign in again": tells the page why, then goes to `sign-in-url` when there is one. */
  requestSignIn(reason: SignInReason): void {
    this.ports.emit({ type: 'sign-in-requested', reason });
    const url = this.ports.signInUrl();
    if (url) this.ports.page.assign(url);
  }

  // ---- one error policy ----

  /**
   * Runs one server action under the current load: `work` talks to the server, `apply` shows its
   * result unless a newer load began meanwhile. A lost session switches to the sign-in-again state;
   * a change that needs a recent sign-in says so and offers one, keeping the session; any other
   * failure shows the action's message with the server's reason. Each fires its change.
   */
  private async run<T>(
    action: ServerAction,
    failure: MessageKey,
    work: (client: ProfileClient) => Promise<T>,
    apply: (result: T) => void,
    fresh = this.loads.current(),
  ): Promise<void> {
    this.set({ busy: true, alert: null, reauthenticate: false, announcement: '' });
    try {
      const result = await work(this.client!);
      if (fresh()) apply(result);
    } catch (error) {
      if (fresh()) this.fail(action, failure, error);
    } finally {
      if (fresh()) {
        this.set({ busy: false });
        if (action === 'load' && this.view.status === 'loading')
          this.reduce({ type: 'failed', status: 'load-failed' });
      }
    }
  }

  private fail(action: ServerAction, failure: MessageKey, error: unknown): void {
    const kind = classifyFailure(error);
    this.set({ failedAt: FAILURE_PLACE[action] });
    if (kind === 'session-lost') {
      this.reduce({ type: 'failed', status: 'session-expired' });
      this.ports.emit({ type: 'session-expired' });
    } else if (kind === 'reauthenticate') {
      this.set({ reauthenticate: true });
      this.ports.emit({ type: 'reauthentication-required', action });
    } else {
      const message = failureText(this.t(failure), error);
      this.set({ alert: message });
      this.ports.emit({ type: 'error', action, message });
    }
  }

  // ---- bookkeeping ----

  /** A confirmation, shown and announced in the section (`at`) whose control caused it. */
  private announce(at: StatusPlace, key: MessageKey, params?: Params): void {
    this.set({ alert: null, announcement: this.t(key, params), announcedAt: at });
  }

  private t(key: MessageKey, params?: Params): string {
    return this.ports.translator().t(key, params);
  }

  private validation() {
    return { ...(this.phone ? { phone: this.phone } : {}), country: this.ports.defaultCountryCode() };
  }

  private reduce(action: ProfileAction): void {
    this.set(profileReducer(this.view, action));
  }

  private set(patch: Partial<ProfileView>): void {
    this.view = { ...this.view, ...patch };
    for (const listener of this.listeners) listener(this.view);
  }
}
