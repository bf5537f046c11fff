import type { SocialMessages } from './en';

export const socialNl: SocialMessages = {
  'continue-with-provider': 'Doorgaan met {0}',
  'or-divider': 'Of',
  'social-access-denied':
    'Inloggen met {0} is geannuleerd. Probeer het opnieuw of log op een andere manier in.',
  'social-provider-error':
    '{0} kon het inloggen niet voltooien. Probeer het later opnieuw of log op een andere manier in.',
  'social-invalid-state':
    'Deze aanmelding is verlopen of is in een andere browser gestart. Kies een manier om in te loggen om opnieuw te beginnen.',
  'social-invalid-response': 'Het antwoord van {0} kon niet worden gecontroleerd. Probeer het opnieuw.',
  'social-account-exists':
    'Er bestaat al een account met dit e-mailadres. Log eerst in met uw e-mailadres en koppel daarna {0} in uw profiel.',
  'social-connection-in-use': 'Dit {0}-account is al gekoppeld aan een andere gebruiker.',
  'social-not-allowed':
    'Inloggen met {0} is hier niet toegestaan: registratie is gesloten of het account is niet meer actief.',
  'social-failed': 'Inloggen met {0} is mislukt. Probeer het opnieuw.',
};
