import { PassageAuth } from 'open-passage-react';
import { passageAppId } from '../config';

export function PassagePage() {
  return (
    <main>
      <PassageAuth appId={passageAppId} />
    </main>
  );
}
