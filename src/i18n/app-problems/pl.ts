import type { AppProblemMessages } from './en';

export const appProblemsPl: AppProblemMessages = {
  'app-not-found':
    'Serwer tożsamości pod adresem {server} nie ma aplikacji o identyfikatorze „{appId}”. Sprawdź atrybut app-id.',
  'origin-not-allowed':
    'Źródło tej strony, {pageOrigin}, nie może używać tej aplikacji: jej auth_origin to {authOrigin}. Ustaw auth_origin aplikacji na {pageOrigin} w pliku aplikacji serwera tożsamości lub, dla pliku z jego pierwszego uruchomienia, uruchom serwer ponownie z --auth-origin {pageOrigin}.',
  'server-unreachable':
    'Żaden serwer tożsamości nie odpowiedział pod adresem {url}. Sprawdź, czy działa, lub ustaw atrybut api-url na jego adres.',
  'server-error': 'Serwer tożsamości pod adresem {server} nie mógł wczytać tej aplikacji: {detail}',
};
