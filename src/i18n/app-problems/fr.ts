import type { AppProblemMessages } from './en';

export const appProblemsFr: AppProblemMessages = {
  'app-not-found':
    'Le serveur d’identité à {server} n’a aucune application avec l’identifiant « {appId} ». Vérifiez l’attribut app-id.',
  'origin-not-allowed':
    'L’origine de cette page, {pageOrigin}, ne peut pas utiliser cette application : son auth_origin est {authOrigin}. Mettez l’auth_origin de l’application à {pageOrigin} dans le fichier des applications du serveur d’identité ou, pour le fichier de son premier démarrage, redémarrez le serveur avec --auth-origin {pageOrigin}.',
  'server-unreachable':
    'Aucun serveur d’identité n’a répondu à {url}. Vérifiez qu’il fonctionne, ou donnez son adresse à l’attribut api-url.',
  'server-error': 'Le serveur d’identité à {server} n’a pas pu charger cette application : {detail}',
};
