/** The sign-in in progress once an identifier was accepted, and what the later steps hand back. */
import type { AuthResult } from '../../client/types';
import type { IdentifierType } from '../view-state';

export interface Attempt {
  identifier: string;
  identifierType: IdentifierType;
  registering: boolean;
  userInitiated: boolean;
  /** Identity verification is what the fallback is for (magic-link "Verify your …" title). */
  verifying: boolean;
}

/** What the one-time-code and magic-link steps call when they are done (SignInSteps). */
export interface AttemptOutcomes {
  readonly attempt?: Attempt | undefined;
  /** FallbackAuthSuccess: the add-device offer or AuthSuccess. */
  fallbackAuthSuccess(result: AuthResult): Promise<void>;
  authSuccess(result: AuthResult): Promise<void>;
  /** Back to the form with the identifier of the attempt. */
  changeIdentifier(): void;
}
