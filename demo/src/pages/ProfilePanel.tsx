import { PassageProfile } from 'open-passage-react';
import { passageAppId } from '../config';

export type ProfileChangeEvent = CustomEvent<{ type: string; revoked?: boolean }>;

/**
 * The signed-in user's profile, following the system's light or dark setting, whose own button signs out.
 * A chunk of its own, loaded only once the account page knows of a session: a visitor without one never
 * downloads or starts the element.
 */
export function ProfilePanel({ onChange }: { onChange: (event: ProfileChangeEvent) => void }) {
  return (
    <PassageProfile
      appId={passageAppId}
      theme="auto"
      signInUrl="/passage"
      onPassageProfileChange={onChange as never}
    />
  );
}
