import { h } from '@stencil/core';
import { type SignInReason, socialRows, type StatusPlace } from '../../flow/profile';
import type { MessageKey } from '../../i18n';
import { DevicesTable } from './devices-table';
import { LoginInfo } from './login-info';
import { MetadataForm } from './metadata-form';
import { ProfileDialog } from './profile-dialog';
import { SignInAccounts } from './sign-in-accounts';
import type { ProfileUi } from './profile-ui';
import { AlertLine, StatusLine } from './status-line';

/** How the signed-out notice is announced: a sign-out the user asked for politely, one that could not
 * reach the server as an alert; "no user is logged in" (on load) not at all. */
const SIGNED_OUT_ROLE: Partial<Record<MessageKey, 'alert' | 'status'>> = {
  'signed-out': 'status',
  'signed-out-server-unreachable': 'alert',
};

/** A notice with a "Sign in again" button. */
export function SignInNotice(
  ui: ProfileUi,
  key: MessageKey,
  reason: SignInReason,
  part: string,
  role?: 'alert' | 'status',
) {
  return (
    <div class="notice" part={part}>
      <p role={role}>{ui.t(key)}</p>
      <button type="button" part="primary-button" onClick={() => ui.requestSignIn(reason)}>
        {ui.t('sign-in-again')}
      </button>
    </div>
  );
}

/**
 * The last action's error and re-authentication notice, where `place` is: a section (the failed
 * control's, while the profile shows) or the element's end (null: a failed load, or any error while
 * the profile does not show). Every place holds its alert line.
 */
export function Failure(ui: ProfileUi, place: StatusPlace | null) {
  const { view } = ui;
  const here = (view.status === 'ready' ? view.failedAt : null) === place;
  return [
    <AlertLine text={here ? (view.alert ?? '') : ''} />,
    here && view.reauthenticate && view.status === 'ready'
      ? SignInNotice(
          ui,
          'reauthentication-required',
          'reauthentication-required',
          'reauthentication-notice',
          'alert',
        )
      : null,
  ];
}

/** What a section says of the last action of its controls, under them: its confirmation or its failure. */
function Messages(ui: ProfileUi, place: StatusPlace) {
  const { view } = ui;
  return [<StatusLine text={view.announcedAt === place ? view.announcement : ''} />, ...Failure(ui, place)];
}

/** The loaded profile: sign-in details, personal info, passkeys, sign out and the open dialog. */
function Ready(ui: ProfileUi) {
  const { t, view, flow } = ui;
  const editing = view.editing;
  const editable = view.app?.profile_management ?? false;
  const fields = flow.fields();
  const social = socialRows(view.app, view.socialConnections);
  return [
    <LoginInfo
      t={t}
      user={view.user!}
      kinds={flow.kinds()}
      editable={editable}
      editing={editing.kind === 'identifier' ? editing.identifier : null}
      draft={view.identifierDraft}
      error={view.identifierError}
      busy={view.busy}
      onEdit={(kind) => flow.editIdentifier(kind)}
      onInput={(value) => flow.setIdentifierDraft(value)}
      onSave={(kind) => void flow.saveIdentifier(kind)}
      onCancel={(kind) => flow.finishEdit(kind)}
    >
      {Messages(ui, 'login-info')}
    </LoginInfo>,
    fields.length ? (
      <MetadataForm
        t={t}
        fields={fields}
        values={flow.metadataValues()}
        errors={editing.kind === 'metadata' ? view.metadataErrors : {}}
        editing={editing.kind === 'metadata'}
        editable={editable}
        busy={view.busy}
        onEdit={() => flow.editMetadata()}
        onChange={(name, value) => flow.setMetadataValue(name, value)}
        onSave={() => void flow.saveMetadata()}
        onCancel={() => flow.finishEdit('metadata')}
      >
        {Messages(ui, 'metadata')}
      </MetadataForm>
    ) : null,
    <DevicesTable
      t={t}
      formatDate={ui.formatDate}
      page={flow.devicePage()}
      pageSize={view.pageSize}
      currentDeviceId={flow.currentDevice()}
      renaming={editing.kind === 'rename-device' ? editing.deviceId : null}
      renameDraft={view.renameDraft}
      renameError={view.renameError}
      busy={view.busy}
      canAddDevice={typeof PublicKeyCredential !== 'undefined'}
      onPage={(page) => flow.setPage(page)}
      onPageSize={(size) => flow.setPageSize(size)}
      onRename={(device) => flow.startRename(device)}
      onRenameInput={(value) => flow.setRenameDraft(value)}
      onRenameSave={(device) => void flow.saveRename(device.id)}
      onRenameCancel={(device) => flow.finishEdit(`rename-${device.id}`)}
      onDelete={ui.askDelete}
      onAdd={() => void flow.addPasskey()}
      onLearnMore={ui.openLearnMore}
    >
      {Messages(ui, 'devices')}
    </DevicesTable>,
    social.length ? (
      <SignInAccounts
        t={t}
        rows={social}
        busy={view.busy}
        onConnect={(type) => void flow.connectSocial(type)}
        onRemove={(type) => void flow.removeSocial(type)}
      >
        {Messages(ui, 'social')}
      </SignInAccounts>
    ) : null,
    <div class="sign-out">
      <button type="button" part="secondary-button" onClick={() => void flow.signOut()}>
        {t('sign-out')}
      </button>
    </div>,
    ProfileDialog(ui),
  ];
}

/** What the profile shows for where it stands. */
export function ProfileBody(ui: ProfileUi) {
  const { t, view } = ui;
  switch (view.status) {
    case 'loading':
      // Keyed, so the loaded profile replaces it rather than reusing its <div> (which the browser would
      // count as that element moving: a layout shift).
      return (
        <div key="spinner" class="spinner" part="spinner" role="progressbar" aria-label={t('loading')} />
      );
    case 'invalid-app': {
      // What is misconfigured (src/flow/app-problem.ts), or that the element names no app.
      // Try again asks for the app again (a server that was down may answer now).
      const problem = view.appProblem;
      return [
        <p
          class={problem ? 'notice problem' : 'notice'}
          part={problem ? `invalid-app-id ${problem.reason}` : 'invalid-app-id'}
          role="alert"
        >
          {problem ? t(problem.reason, problem) : t('invalid-app-id')}
        </p>,
        // Without an app id there is nothing to ask again (setting `app-id` restarts the element).
        problem && (
          <div class="retry-app">
            <button type="button" part="primary-button" onClick={ui.retry}>
              {t('try-again')}
            </button>
          </div>
        ),
      ];
    }
    case 'signed-out':
      return SignInNotice(
        ui,
        view.signedOutNotice,
        'signed-out',
        'session-notice',
        SIGNED_OUT_ROLE[view.signedOutNotice],
      );
    case 'session-expired':
      return SignInNotice(ui, 'session-expired', 'session-expired', 'session-notice', 'alert');
    case 'load-failed':
      return (
        <div class="notice" part="load-failed">
          <button type="button" part="primary-button" onClick={ui.retry}>
            {t('try-again')}
          </button>
        </div>
      );
    case 'ready':
      return Ready(ui);
  }
}
