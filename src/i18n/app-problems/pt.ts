import type { AppProblemMessages } from './en';

export const appProblemsPt: AppProblemMessages = {
  'app-not-found':
    'O servidor de identidade em {server} não tem nenhum aplicativo com o ID “{appId}”. Verifique o atributo app-id.',
  'origin-not-allowed':
    'A origem desta página, {pageOrigin}, não pode usar este aplicativo: o auth_origin dele é {authOrigin}. Defina o auth_origin do aplicativo como {pageOrigin} no arquivo de aplicativos do servidor de identidade ou, para o arquivo da primeira execução, reinicie o servidor com --auth-origin {pageOrigin}.',
  'server-unreachable':
    'Nenhum servidor de identidade respondeu em {url}. Verifique se ele está em execução ou defina o atributo api-url com o endereço dele.',
  'server-error': 'O servidor de identidade em {server} não conseguiu carregar este aplicativo: {detail}',
};
