import type { SocialMessages } from './en';

// The sign-in elements address the visitor as "Sie".
export const socialDe: SocialMessages = {
  'continue-with-provider': 'Weiter mit {0}',
  'or-divider': 'Oder',
  'social-access-denied':
    'Die Anmeldung mit {0} wurde abgebrochen. Versuchen Sie es erneut oder melden Sie sich auf andere Weise an.',
  'social-provider-error':
    '{0} konnte die Anmeldung nicht abschließen. Versuchen Sie es später erneut oder melden Sie sich auf andere Weise an.',
  'social-invalid-state':
    'Diese Anmeldung ist abgelaufen oder wurde in einem anderen Browser begonnen. Wählen Sie eine Anmeldeart, um neu zu beginnen.',
  'social-invalid-response':
    'Die Antwort von {0} konnte nicht geprüft werden. Bitte versuchen Sie es erneut.',
  'social-account-exists':
    'Für diese E-Mail-Adresse existiert bereits ein Konto. Melden Sie sich zuerst mit Ihrer E-Mail-Adresse an und verbinden Sie dann {0} in Ihrem Profil.',
  'social-connection-in-use': 'Dieses {0}-Konto ist bereits mit einem anderen Benutzer verbunden.',
  'social-not-allowed':
    'Die Anmeldung mit {0} ist hier nicht erlaubt: Die Registrierung ist geschlossen oder das Konto ist nicht mehr aktiv.',
  'social-failed': 'Die Anmeldung mit {0} ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
};
