/**
 * Compile-time checks of the generated wrapper (run by `npm run typecheck`): every event prop hands
 * over a CustomEvent with its real detail type, and `onEvent` narrows the detail by the event name.
 */
import type { AuthResult, HostEventArgs } from 'open-passage';
import { PassageAuth, PassageLogin, PassageRegister } from '../src/index.js';

const log = (...values: unknown[]) => values;

export const auth = (
  <PassageAuth
    appId="app"
    onLoaded={(event) => log(event.detail.app.allowed_identifier)}
    onRegisterDevice={(event) => log(event.detail.identifier.toLowerCase())}
    onVerifyIdentity={(event) => log(event.detail.identifier)}
    onMagicLinkLogin={(event) => log(event.detail.identifier)}
    onMagicLinkRegister={(event) => log(event.detail.identifier)}
    onMagicLinkActivated={(event) => log(event.detail.auth_token, event.detail.redirect_url)}
    onMagicLinkActivateSuccess={(event) => log(event.detail.auth_token)}
    onOneTimePasscodeLogin={(event) => log(event.detail.identifier)}
    onOneTimePasscodeRegister={(event) => log(event.detail.identifier)}
    onOneTimePasscodeActivated={(event) => log(event.detail.redirect_url)}
    onOneTimePasscodeActivateSuccess={(event) => log(event.detail.redirect_url)}
    onSuccess={(result: AuthResult) => log(result.auth_token)}
    onEvent={(name, detail) => {
      if (name === 'onLoaded') log(detail.app.id);
      else if (name === 'onOneTimePasscodeActivated') log(detail.auth_token);
      else if (name === 'onRegisterDevice') log(detail.identifier);
    }}
  />
);

export const login = <PassageLogin appId="app" onVerifyIdentity={(event) => log(event.detail.identifier)} />;

export const register = (
  <PassageRegister appId="app" onEvent={(...event: HostEventArgs) => log(event[0], event[1])} />
);

// @ts-expect-error the detail is typed now, not unknown: a field it does not have is refused
export const wrongField = <PassageLogin appId="app" onRegisterDevice={(event) => log(event.detail.app)} />;

export const wrongNarrowing = (
  <PassageAuth
    appId="app"
    onEvent={(name, detail) => {
      // @ts-expect-error onLoaded carries the app, not tokens
      if (name === 'onLoaded') log(detail.auth_token);
    }}
  />
);

// Wrong props are refused: a prop the element does not have, and a missing appId.
// @ts-expect-error `colour` is no prop of <PassageAuth>
export const unknownProp = <PassageAuth appId="app" colour="purple" />;
// @ts-expect-error appId is required
export const missingAppId = <PassageLogin />;
export const knownTheme = <PassageAuth appId="app" theme="dark" />;
// @ts-expect-error `purple` is no theme ('light' | 'dark' | 'auto')
export const wrongTheme = <PassageAuth appId="app" theme="purple" />;
