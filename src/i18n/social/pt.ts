import type { SocialMessages } from './en';

export const socialPt: SocialMessages = {
  'continue-with-provider': 'Continuar com {0}',
  'or-divider': 'Ou',
  'social-access-denied':
    'O início de sessão com {0} foi cancelado. Tente novamente ou use outra forma de entrar.',
  'social-provider-error':
    '{0} não conseguiu concluir o início de sessão. Tente mais tarde ou use outra forma de entrar.',
  'social-invalid-state':
    'Este início de sessão expirou ou foi iniciado noutro navegador. Escolha uma forma de entrar para recomeçar.',
  'social-invalid-response': 'Não foi possível verificar a resposta de {0}. Tente novamente.',
  'social-account-exists':
    'Já existe uma conta com este e-mail. Entre primeiro com o seu e-mail e depois ligue {0} no seu perfil.',
  'social-connection-in-use': 'Esta conta {0} já está ligada a outro utilizador.',
  'social-not-allowed':
    'Não é permitido entrar com {0} aqui: o registo está fechado ou a conta já não está ativa.',
  'social-failed': 'Não foi possível entrar com {0}. Tente novamente.',
};
