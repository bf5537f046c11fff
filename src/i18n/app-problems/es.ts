import type { AppProblemMessages } from './en';

export const appProblemsEs: AppProblemMessages = {
  'app-not-found':
    'El servidor de identidad en {server} no tiene ninguna aplicación con el ID «{appId}». Revisa el atributo app-id.',
  'origin-not-allowed':
    'El origen de esta página, {pageOrigin}, no puede usar esta aplicación: su auth_origin es {authOrigin}. Pon el auth_origin de la aplicación a {pageOrigin} en el archivo de aplicaciones del servidor de identidad o, para el archivo de su primer arranque, reinicia el servidor con --auth-origin {pageOrigin}.',
  'server-unreachable':
    'Ningún servidor de identidad respondió en {url}. Comprueba que está en marcha o pon su dirección en el atributo api-url.',
  'server-error': 'El servidor de identidad en {server} no pudo cargar esta aplicación: {detail}',
};
