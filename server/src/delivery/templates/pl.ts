import type { Catalog } from './catalog.js';

export const pl: Catalog = {
  kinds: {
    'one-time-code': {
      subject: 'Twój kod logowania do {appName}',
      intro: 'Wpisz ten jednorazowy kod, aby kontynuować w {appName}:',
      outro: [
        'Kod wygasa za {ttlMinutes} min i działa tylko raz.',
        'Jeśli to nie Ty o niego prosiłeś, zignoruj tę wiadomość.',
      ],
      sms: '{code} to Twój kod do {appName}. Wygasa za {ttlMinutes} min.',
    },
    'magic-link': {
      subject: 'Twój link logowania do {appName}',
      intro: 'Użyj tego linku, aby zalogować się do {appName}:',
      action: 'Zaloguj się',
      outro: [
        'Link wygasa za {ttlMinutes} min i działa tylko raz.',
        'Jeśli to nie Ty o niego prosiłeś, zignoruj tę wiadomość.',
      ],
      sms: 'Zaloguj się do {appName}: {link}',
    },
    'verify-identifier': {
      subject: 'Potwierdź swój nowy adres w {appName}',
      intro: 'Potwierdź, że ten adres należy do Ciebie, aby używać go w {appName}:',
      action: 'Potwierdź adres',
      outro: [
        'Link wygasa za {ttlMinutes} min i działa tylko raz.',
        'Jeśli to nie Ty prosiłeś o tę zmianę, zignoruj tę wiadomość.',
      ],
      sms: 'Potwierdź swój numer w {appName}: {link}{code}',
    },
    contact: {
      subject: 'Nowa wiadomość od {name} przez {appName}',
      intro: 'Ktoś wysłał wiadomość przez formularz kontaktowy {appName}.',
      outro: ['Odpowiedz na tego e-maila, aby odpowiedzieć {email}.'],
      sms: 'Nowa wiadomość z formularza kontaktowego {appName}.',
    },
    'passkey-added': {
      subject: 'Do Twojego konta {appName} dodano klucz dostępu',
      intro: 'Nowy klucz dostępu ({deviceName}) może teraz logować się do Twojego konta {appName}.',
      outro: ['Jeśli to nie Ty, usuń klucz dostępu w swoim profilu i skontaktuj się z pomocą techniczną.'],
      sms: 'Do Twojego konta {appName} dodano klucz dostępu. To nie Ty? Usuń go w profilu.',
    },
    'passkey-removed': {
      subject: 'Z Twojego konta {appName} usunięto klucz dostępu',
      intro: 'Klucz dostępu {deviceName} nie może już logować się do Twojego konta {appName}.',
      outro: ['Jeśli to nie Ty, zaloguj się i sprawdź swoje klucze dostępu.'],
      sms: 'Z Twojego konta {appName} usunięto klucz dostępu.',
    },
  },
  contactFields: 'Treść formularza:',
  footer: 'Wysłano przez {appName}.',
};
