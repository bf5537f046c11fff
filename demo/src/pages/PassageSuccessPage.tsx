import { PassageProfile } from 'open-passage-react';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { passageAppId } from '../config';

type ProfileElement = HTMLElement & { signOut(): Promise<void> };
type ProfileChangeEvent = CustomEvent<{ type: string }>;

/** After sign-in (SPEC §2): "Way to go!", the signed-in user's profile, and a sign-out. */
export function PassageSuccessPage() {
  const profile = useRef<ProfileElement>(null);
  const navigate = useNavigate();
  const onChange = (event: ProfileChangeEvent) => {
    if (event.detail.type === 'signed-out') void navigate('/passage');
  };
  return (
    <main>
      <h1>Way to go!</h1>
      <PassageProfile
        ref={profile as never}
        appId={passageAppId}
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
