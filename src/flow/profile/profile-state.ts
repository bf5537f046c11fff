import type { IdentifierType } from '../view-state';

/** Which part of the profile is open for editing; one at a time, so Save and Cancel are unambiguous. */
export type Editing =
  | { kind: 'none' }
  | { kind: 'identifier'; identifier: IdentifierType }
  | { kind: 'metadata' }
  | { kind: 'rename-device'; deviceId: string };

/** The dialog on top of the profile, if any. */
export type Dialog = { kind: 'none' } | { kind: 'learn-more' } | { kind: 'confirm-delete'; deviceId: string };

/** Where the whole element stands: loading, usable, or asking the user to sign in again. */
export type ProfileStatus =
  'loading' | 'ready' | 'signed-out' | 'session-expired' | 'invalid-app' | 'load-failed';

export interface ProfileState {
  status: ProfileStatus;
  editing: Editing;
  dialog: Dialog;
}

export type ProfileAction =
  | { type: 'loaded' }
  | { type: 'failed'; status: Exclude<ProfileStatus, 'loading' | 'ready'> }
  | { type: 'edit'; editing: Exclude<Editing, { kind: 'none' }> }
  | { type: 'edit-done' }
  | { type: 'open'; dialog: Exclude<Dialog, { kind: 'none' }> }
  | { type: 'close' }
  | { type: 'signed-out' };

export const initialProfileState: ProfileState = {
  status: 'loading',
  editing: { kind: 'none' },
  dialog: { kind: 'none' },
};

const closed = { editing: { kind: 'none' }, dialog: { kind: 'none' } } as const;

/** The profile's transitions. Losing the session closes every edit and dialog. */
export function profileReducer(state: ProfileState, action: ProfileAction): ProfileState {
  switch (action.type) {
    case 'loaded':
      return { ...state, status: 'ready' };
    case 'failed':
      return { status: action.status, ...closed };
    case 'signed-out':
      return { status: 'signed-out', ...closed };
    case 'edit':
      return state.status === 'ready'
        ? { ...state, editing: action.editing, dialog: { kind: 'none' } }
        : state;
    case 'edit-done':
      return { ...state, editing: { kind: 'none' } };
    case 'open':
      return state.status === 'ready' ? { ...state, dialog: action.dialog } : state;
    case 'close':
      return { ...state, dialog: { kind: 'none' } };
  }
}
