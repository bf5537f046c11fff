import type { SocialMessages } from './en';

export const socialIt: SocialMessages = {
  'continue-with-provider': 'Continua con {0}',
  'or-divider': 'Oppure',
  'social-access-denied': 'L’accesso con {0} è stato annullato. Riprova o usa un altro modo per accedere.',
  'social-provider-error':
    '{0} non ha potuto completare l’accesso. Riprova più tardi o usa un altro modo per accedere.',
  'social-invalid-state':
    'Questo accesso è scaduto o è stato avviato in un altro browser. Scegli un modo per accedere e ricomincia.',
  'social-invalid-response': 'Non è stato possibile verificare la risposta di {0}. Riprova.',
  'social-account-exists':
    'Esiste già un account con questa email. Accedi prima con la tua email, poi collega {0} nel tuo profilo.',
  'social-connection-in-use': 'Questo account {0} è già collegato a un altro utente.',
  'social-not-allowed':
    'L’accesso con {0} non è consentito qui: la registrazione è chiusa o l’account non è più attivo.',
  'social-failed': 'Accesso con {0} non riuscito. Riprova.',
};
