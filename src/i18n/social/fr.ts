import type { SocialMessages } from './en';

export const socialFr: SocialMessages = {
  'continue-with-provider': 'Continuer avec {0}',
  'or-divider': 'Ou',
  'social-access-denied':
    'La connexion avec {0} a été annulée. Réessayez ou utilisez un autre moyen de vous connecter.',
  'social-provider-error':
    '{0} n’a pas pu terminer la connexion. Réessayez plus tard ou utilisez un autre moyen de vous connecter.',
  'social-invalid-state':
    'Cette connexion a expiré ou a été commencée dans un autre navigateur. Choisissez un moyen de vous connecter pour recommencer.',
  'social-invalid-response': 'La réponse de {0} n’a pas pu être vérifiée. Veuillez réessayer.',
  'social-account-exists':
    'Un compte existe déjà pour cet e-mail. Connectez-vous d’abord avec votre e-mail, puis associez {0} dans votre profil.',
  'social-connection-in-use': 'Ce compte {0} est déjà associé à un autre utilisateur.',
  'social-not-allowed':
    'La connexion avec {0} n’est pas autorisée ici : les inscriptions sont fermées ou le compte n’est plus actif.',
  'social-failed': 'La connexion avec {0} a échoué. Veuillez réessayer.',
};
