import type { AppProblemMessages } from './en';

// Without a form of address: the sign-in elements say "Sie", the profile "du".
export const appProblemsDe: AppProblemMessages = {
  'app-not-found':
    'Der Identitätsserver unter {server} hat keine App mit der ID „{appId}“. Bitte das Attribut app-id prüfen.',
  'origin-not-allowed':
    'Der Ursprung dieser Seite, {pageOrigin}, darf diese App nicht verwenden: Ihre auth_origin ist {authOrigin}. Abhilfe: die auth_origin der App in der Apps-Datei des Identitätsservers auf {pageOrigin} setzen oder, bei der Datei seines ersten Starts, den Server mit --auth-origin {pageOrigin} neu starten.',
  'server-unreachable':
    'Unter {url} hat kein Identitätsserver geantwortet. Bitte prüfen, ob er läuft, oder das Attribut api-url auf seine Adresse setzen.',
  'server-error': 'Der Identitätsserver unter {server} konnte diese App nicht laden: {detail}',
};
