import type { AppProblemMessages } from './en';

export const appProblemsNl: AppProblemMessages = {
  'app-not-found':
    'De identiteitsserver op {server} heeft geen app met de ID ‘{appId}’. Controleer het attribuut app-id.',
  'origin-not-allowed':
    'De origin van deze pagina, {pageOrigin}, mag deze app niet gebruiken: de auth_origin ervan is {authOrigin}. Zet de auth_origin van de app op {pageOrigin} in het apps-bestand van de identiteitsserver of, voor het bestand van zijn eerste start, start de server opnieuw met --auth-origin {pageOrigin}.',
  'server-unreachable':
    'Geen identiteitsserver antwoordde op {url}. Controleer of hij draait, of zet het attribuut api-url op zijn adres.',
  'server-error': 'De identiteitsserver op {server} kon deze app niet laden: {detail}',
};
