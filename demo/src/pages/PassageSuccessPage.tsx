import { PassageProfile } from 'open-passage-react';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { passageAppId } from '../config';

type ProfileElement = HTMLElement & { signOut(): Promise<void> };
type ProfileChangeEvent = CustomEvent<{ type: string; revoked?: boolean }>;

/**
 * After sign-in: "Way to go!", the signed-in user's profile (following the system's light or
 * dark setting), and a sign-out. A sign-out the server confirmed goes to the sign-in page; when the
 * server could not be reached the profile stays, saying so.
 */
export function PassageSuccessPage() {
  const profile = useRef<ProfileElement>(null);
  const navigate = useNavigate();
  const onChange = (event: ProfileChangeEvent) => {
    if (event.detail.type === 'signed-out' && event.detail.revoked) void navigate('/passage');
  };
  return (
    <main>
      <h1>Way to go!</h1>
      <PassageProfile
        ref={profile as never}
        appId={passageAppId}
        theme="auto"
        signInUrl="/passage"
        onPassageProfileChange={onChange as never}
      />
      <p>
        <button type="button" onClick={() => void profile.current?.signOut()}>
          Sign out
        </button>
      </p>
    </main>
  );
}
