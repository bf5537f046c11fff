// The element's event detail is defined with the flow that raises it; this path is the one its
// public declarations (components.d.ts, the package's types) name.
export type { ProfileChange, SignInReason } from '../../flow/profile/profile-events';
