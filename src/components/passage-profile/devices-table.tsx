import { type FunctionalComponent, h } from '@stencil/core';
import type { Device } from '../../client/types';
import type { DevicePage } from '../../flow/profile';
import type { Translator } from '../../i18n';
import { cancelOnEscape } from './escape';
import { Paginator } from './paginator';

export interface DevicesTableProps {
  t: Translator['t'];
  formatDate: (iso: string) => string;
  page: DevicePage;
  pageSize: number;
  currentDeviceId: string | null;
  renaming: string | null;
  renameDraft: string;
  renameError: string | null;
  busy: boolean;
  canAddDevice: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onRename: (device: Device) => void;
  onRenameInput: (value: string) => void;
  onRenameSave: (device: Device) => void;
  onRenameCancel: (device: Device) => void;
  onDelete: (device: Device, opener: HTMLElement) => void;
  onAdd: () => void;
  onLearnMore: (opener: HTMLElement) => void;
}

function NameCell(props: DevicesTableProps, device: Device) {
  const { t } = props;
  if (props.renaming !== device.id) {
    return [
      <span class="device-name">{device.friendly_name}</span>,
      device.id === props.currentDeviceId ? (
        <span class="badge current" part="current-device">
          {t('current')}
        </span>
      ) : null,
    ];
  }
  const id = `rename-${device.id}`;
  return (
    <form
      class="rename"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onRenameSave(device);
      }}
      onKeyDown={cancelOnEscape(() => props.onRenameCancel(device))}
    >
      <label htmlFor={id} class="visually-hidden">
        {t('rename-device-label', { name: device.friendly_name })}
      </label>
      <input
        id={id}
        part="input"
        value={props.renameDraft}
        class={{ invalid: !!props.renameError }}
        aria-invalid={props.renameError ? 'true' : 'false'}
        aria-describedby={`${id}-error`}
        onInput={(event) => props.onRenameInput((event.target as HTMLInputElement).value)}
      />
      <p id={`${id}-error`} class="field-error" part="error" aria-live="polite">
        {props.renameError ?? ''}
      </p>
      <div class="row-actions">
        <button type="submit" part="primary-button" disabled={props.busy}>
          {t('save')}
        </button>
        <button type="button" part="secondary-button" onClick={() => props.onRenameCancel(device)}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** The passkeys: name, added, last used, current-device marker, rename and delete, paged; the children
 * (what the last action of these controls did) under Add passkey. */
export const DevicesTable: FunctionalComponent<DevicesTableProps> = (props, messages) => {
  const { t, page } = props;
  return (
    <section class="section" part="devices" aria-labelledby="passkeys-title">
      <div class="section-head">
        <h2 id="passkeys-title" tabIndex={-1}>
          {t('my-passkeys')}
        </h2>
        <button
          type="button"
          part="link"
          onClick={(event) => props.onLearnMore(event.currentTarget as HTMLElement)}
        >
          {t('learn-more')}
        </button>
      </div>
      {page.total === 0 ? (
        <p class="muted" part="no-devices">
          {t('there-are-no-devices-registered')}
        </p>
      ) : (
        <div class="table-scroll">
          {/* Roles spelled out: narrow rows are restyled as blocks (profile.css), which makes some
              browsers (WebKit) drop a table's own semantics. */}
          <table part="devices-table" role="table" aria-labelledby="passkeys-title">
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  {t('name')}
                </th>
                <th scope="col" role="columnheader">
                  {t('added-time')}
                </th>
                <th scope="col" role="columnheader">
                  {t('last-login')}
                </th>
                <th scope="col" role="columnheader">
                  <span class="visually-hidden">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {page.rows.map((device) => (
                <tr key={device.id} data-device-id={device.id} part="device-row" role="row">
                  <th scope="row" role="rowheader">
                    {NameCell(props, device)}
                  </th>
                  {/* data-label: the column's name beside the date where narrow rows hide the header (profile.css). */}
                  <td class="date" role="cell" data-label={t('added-time')}>
                    {props.formatDate(device.created_at)}
                  </td>
                  <td class="date" role="cell" data-label={t('last-login')}>
                    {device.last_login_at ? props.formatDate(device.last_login_at) : t('never')}
                  </td>
                  <td class="actions" role="cell">
                    {props.renaming === device.id
                      ? null
                      : [
                          <button
                            type="button"
                            part="link"
                            aria-label={`${t('edit-device')} ${device.friendly_name}`}
                            data-edit={`rename-${device.id}`}
                            disabled={props.renaming !== null}
                            onClick={() => props.onRename(device)}
                          >
                            {t('edit-device')}
                          </button>,
                          <button
                            type="button"
                            part="danger-link"
                            aria-label={t('delete-device-label', { name: device.friendly_name })}
                            onClick={(event) => props.onDelete(device, event.currentTarget as HTMLElement)}
                          >
                            {t('delete')}
                          </button>,
                        ]}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.total > 0 ? (
        <Paginator
          t={t}
          page={page}
          pageSize={props.pageSize}
          onPage={props.onPage}
          onPageSize={props.onPageSize}
        />
      ) : null}
      {props.canAddDevice ? (
        <button
          type="button"
          class="add-device"
          part="primary-button"
          // Not `disabled` while adding: the pressed button keeps the focus (a disabled one drops it).
          aria-disabled={props.busy ? 'true' : undefined}
          onClick={() => {
            if (!props.busy) props.onAdd();
          }}
        >
          {t('add-device')}
        </button>
      ) : null}
      {messages}
    </section>
  );
};
