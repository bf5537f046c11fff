import type { AppProblemMessages } from './en';

export const appProblemsIt: AppProblemMessages = {
  'app-not-found':
    "Il server di identità su {server} non ha nessuna app con l'ID «{appId}». Controlla l'attributo app-id.",
  'origin-not-allowed':
    "L'origine di questa pagina, {pageOrigin}, non può usare questa app: il suo auth_origin è {authOrigin}. Imposta l'auth_origin dell'app a {pageOrigin} nel file delle app del server di identità o, per il file del suo primo avvio, riavvia il server con --auth-origin {pageOrigin}.",
  'server-unreachable':
    "Nessun server di identità ha risposto su {url}. Controlla che sia in esecuzione, o imposta l'attributo api-url al suo indirizzo.",
  'server-error': 'Il server di identità su {server} non ha potuto caricare questa app: {detail}',
};
