import { PassageAuth } from 'open-passage-react';
import { passageAppId } from '../config';

/** The sign-in widget, light or dark as the system is, like the rest of the site. */
export function PassagePage() {
  return (
    <main>
      <PassageAuth appId={passageAppId} theme="auto" />
    </main>
  );
}
