/** The sign-in in progress once an identifier was accepted, and what the later steps share. */
import type { AuthResult } from '../../client/types';
import type { BrowserFeatures } from '../../client/features';
import type { HostEventDetails, HostEventName } from '../host-events';
import type { PassageClientCalls } from '../ports';
import type { FallbackMethod } from '../../client/app-info';
import type { IdentifierType } from '../view-state';

export interface Attempt {
  identifier: string;
  identifierType: IdentifierType;
  registering: boolean;
  userInitiated: boolean;
  /** Identity verification is what the fallback is for (magic-link "Verify your …" title). */
  verifying: boolean;
  /** The passkey step this sign-in went through, which the no-fallback screen's Try again goes back to. */
  passkeyStep?: { kind: 'register-passkey' } | { kind: 'passkey-login'; verifyIdentity: boolean };
}

/** What the one-time-code and magic-link steps use of SignInSteps: its tools and outcomes. */
export interface SharedSteps {
  readonly features: BrowserFeatures;
  /** The app's fallback method. */
  readonly method: FallbackMethod;
  /** The primary subtag of the UI language (it goes with codes and links). */
  readonly language: string;
  /** Runs `run` after `ms`, unless the view changes first. */
  after(ms: number, run: () => void): void;
  emit<K extends HostEventName>(name: K, detail: HostEventDetails[K]): void;
  log(message: string, error?: unknown): void;
  /** The sign-in in progress (the steps after the form run only once there is one). */
  readonly attempt: Attempt;
  /** The client for the calls after the form. */
  passageClient(): Promise<PassageClientCalls>;
  /** FallbackAuthSuccess: the add-device offer or AuthSuccess. */
  fallbackAuthSuccess(result: AuthResult): Promise<void>;
  authSuccess(result: AuthResult): Promise<void>;
  /** Back to the form with the identifier of the attempt. */
  changeIdentifier(): void;
}
