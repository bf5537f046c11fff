import { h } from '@stencil/core';
import { Modal } from './modal';
import type { ProfileUi } from './profile-ui';

/** "What are passkeys?" */
function LearnMore({ t, closeDialog }: ProfileUi) {
  return (
    <Modal id="learn-more" title={t('what-are-passkeys')} onClose={closeDialog}>
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
        <button type="button" part="primary-button" data-autofocus onClick={closeDialog}>
          {t('close')}
        </button>
      </div>
    </Modal>
  );
}

/** "Delete passkey?", worded for the passkey this browser signed in with. */
function ConfirmDelete(ui: ProfileUi, deviceId: string) {
  const { t, closeDialog } = ui;
  const name = ui.view.devices.find((d) => d.id === deviceId)?.friendly_name ?? '';
  const isCurrent = deviceId === ui.flow.currentDevice();
  return (
    <Modal id="confirm-delete" title={t('delete-passkey-title')} danger onClose={closeDialog}>
      <p>{t(isCurrent ? 'delete-current-passkey-text' : 'delete-passkey-text', { name })}</p>
      <div class="modal-actions">
        <button type="button" part="secondary-button" data-autofocus onClick={closeDialog}>
          {t('cancel')}
        </button>
        <button type="button" part="danger-button" onClick={() => ui.confirmDelete(deviceId)}>
          {t('delete')}
        </button>
      </div>
    </Modal>
  );
}

/** The dialog open on top of the profile, if any (the element opens it with showModal). */
export function ProfileDialog(ui: ProfileUi) {
  const dialog = ui.view.dialog;
  if (dialog.kind === 'learn-more') return LearnMore(ui);
  if (dialog.kind === 'confirm-delete') return ConfirmDelete(ui, dialog.deviceId);
  return null;
}
