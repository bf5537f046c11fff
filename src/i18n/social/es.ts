import type { SocialMessages } from './en';

export const socialEs: SocialMessages = {
  'continue-with-provider': 'Continuar con {0}',
  'or-divider': 'O',
  'social-access-denied':
    'Se canceló el inicio de sesión con {0}. Inténtelo de nuevo o use otra forma de iniciar sesión.',
  'social-provider-error':
    '{0} no pudo completar el inicio de sesión. Inténtelo más tarde o use otra forma de iniciar sesión.',
  'social-invalid-state':
    'Este inicio de sesión ha caducado o se inició en otro navegador. Elija una forma de iniciar sesión para empezar de nuevo.',
  'social-invalid-response': 'No se pudo verificar la respuesta de {0}. Inténtelo de nuevo.',
  'social-account-exists':
    'Ya existe una cuenta con este correo electrónico. Inicie sesión primero con su correo electrónico y luego conecte {0} en su perfil.',
  'social-connection-in-use': 'Esta cuenta de {0} ya está conectada a otro usuario.',
  'social-not-allowed':
    'No se permite iniciar sesión con {0} aquí: el registro está cerrado o la cuenta ya no está activa.',
  'social-failed': 'No se pudo iniciar sesión con {0}. Inténtelo de nuevo.',
};
