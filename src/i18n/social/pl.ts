import type { SocialMessages } from './en';

export const socialPl: SocialMessages = {
  'continue-with-provider': 'Kontynuuj z {0}',
  'or-divider': 'Lub',
  'social-access-denied':
    'Logowanie przez {0} zostało anulowane. Spróbuj ponownie lub zaloguj się w inny sposób.',
  'social-provider-error':
    '{0} nie może dokończyć logowania. Spróbuj ponownie później lub zaloguj się w inny sposób.',
  'social-invalid-state':
    'To logowanie wygasło lub zostało rozpoczęte w innej przeglądarce. Wybierz sposób logowania, aby zacząć od nowa.',
  'social-invalid-response': 'Nie udało się zweryfikować odpowiedzi od {0}. Spróbuj ponownie.',
  'social-account-exists':
    'Konto z tym adresem e-mail już istnieje. Najpierw zaloguj się adresem e-mail, a potem połącz {0} w swoim profilu.',
  'social-connection-in-use': 'To konto {0} jest już połączone z innym użytkownikiem.',
  'social-not-allowed':
    'Logowanie przez {0} nie jest tu dozwolone: rejestracja jest zamknięta lub konto nie jest już aktywne.',
  'social-failed': 'Logowanie przez {0} nie powiodło się. Spróbuj ponownie.',
};
