/**
 * What the sign-in steps (src/flow/steps) see of the flow that runs them: its options, its current
 * state and its view bookkeeping. `AuthFlow` builds one for the steps once they have loaded.
 */
import type { AppInfo } from '../client/app-info';
import type { FlowOptions } from './ports';
import type { AuthMode, Message, ViewState } from './view-state';

export type ViewOf<K extends ViewState['kind']> = Extract<ViewState, { kind: K }>;

export interface FlowContext {
  readonly options: FlowOptions;
  /** The view on screen. */
  readonly view: ViewState;
  /** Increments on every view change; async work started in an older step is dropped. */
  readonly step: number;
  readonly app: AppInfo;
  /** Login or register (the form's toggle). */
  readonly mode: AuthMode;
  /** Shows a new view: cancels the timers and server calls of the one before. */
  enter(view: ViewState): void;
  /** Patches the view, if it is still of `kind` and of `step`. */
  update<K extends ViewState['kind']>(kind: K, patch: Partial<ViewOf<K>>, step?: number): void;
  /** The options of a server call made in the current view: it is cancelled when the view goes. */
  callOptions(): { signal: AbortSignal };
  /** The identifier form, prefilled with `identifier` (the last login when absent). */
  goHome(identifier?: string): void;
  /** The identifier form with a social sign-in's failure above the buttons (until the visitor acts). */
  socialFailed(message: Message): void;
}
