import type { Catalog } from './catalog.js';

export const nl: Catalog = {
  kinds: {
    'one-time-code': {
      subject: 'Je inlogcode voor {appName}',
      intro: 'Voer deze eenmalige code in om verder te gaan bij {appName}:',
      outro: [
        'De code verloopt over {ttlMinutes} minuten en werkt maar één keer.',
        'Heb je hier niet om gevraagd? Dan kun je dit bericht negeren.',
      ],
      sms: '{code} is je code voor {appName}. De code verloopt over {ttlMinutes} minuten.',
    },
    'magic-link': {
      subject: 'Je inloglink voor {appName}',
      intro: 'Gebruik deze link om in te loggen bij {appName}:',
      action: 'Inloggen',
      outro: [
        'De link verloopt over {ttlMinutes} minuten en werkt maar één keer.',
        'Heb je hier niet om gevraagd? Dan kun je dit bericht negeren.',
      ],
      sms: 'Inloggen bij {appName}: {link}',
    },
    'verify-identifier': {
      subject: 'Bevestig je nieuwe adres voor {appName}',
      intro: 'Bevestig dat dit adres van jou is om het te gebruiken bij {appName}:',
      action: 'Adres bevestigen',
      outro: [
        'De link verloopt over {ttlMinutes} minuten en werkt maar één keer.',
        'Heb je deze wijziging niet aangevraagd? Dan kun je dit bericht negeren.',
      ],
      sms: 'Bevestig je nummer voor {appName}: {link}{code}',
    },
    contact: {
      subject: 'Nieuw bericht van {name} via {appName}',
      intro: 'Iemand heeft een bericht gestuurd via het contactformulier van {appName}.',
      outro: ['Beantwoord deze e-mail om {email} te antwoorden.'],
      sms: 'Nieuw contactbericht via {appName}.',
    },
    'passkey-added': {
      subject: 'Er is een passkey toegevoegd aan je {appName}-account',
      intro: 'Een nieuwe passkey ({deviceName}) kan nu inloggen op je {appName}-account.',
      outro: ['Was jij dit niet? Verwijder de passkey in je profiel en neem contact op met support.'],
      sms: 'Er is een passkey toegevoegd aan je {appName}-account. Niet jij? Verwijder hem in je profiel.',
    },
    'passkey-removed': {
      subject: 'Er is een passkey verwijderd uit je {appName}-account',
      intro: 'De passkey {deviceName} kan niet meer inloggen op je {appName}-account.',
      outro: ['Was jij dit niet? Log in en controleer je passkeys.'],
      sms: 'Er is een passkey verwijderd uit je {appName}-account.',
    },
  },
  contactFields: 'Het formulier bevatte:',
  footer: 'Verzonden door {appName}.',
};
