import type { SocialMessages } from './en';

export const socialPt: SocialMessages = {
  'continue-with-provider': 'Continuar com {0}',
  'or-divider': 'Ou',
  'social-access-denied': 'A entrada com {0} foi cancelada. Tente novamente ou use outra forma de entrar.',
  'social-provider-error':
    '{0} não conseguiu concluir a entrada. Tente mais tarde ou use outra forma de entrar.',
  'social-invalid-state':
    'Esta entrada expirou ou foi iniciada em outro navegador. Escolha uma forma de entrar para recomeçar.',
  'social-invalid-response': 'Não foi possível verificar a resposta de {0}. Tente novamente.',
  'social-account-exists':
    'Já existe uma conta com este e-mail. Entre primeiro com seu e-mail e depois conecte {0} no seu perfil.',
  'social-connection-in-use': 'Esta conta {0} já está conectada a outro usuário.',
  'social-not-allowed':
    'Não é permitido entrar com {0} aqui: o cadastro está fechado ou a conta não está mais ativa.',
  'social-failed': 'Não foi possível entrar com {0}. Tente novamente.',
};
