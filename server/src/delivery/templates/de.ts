import type { Catalog } from './catalog.js';

export const de: Catalog = {
  kinds: {
    'one-time-code': {
      subject: 'Ihr Anmeldecode für {appName}',
      intro: 'Geben Sie diesen Einmalcode ein, um mit {appName} fortzufahren:',
      outro: [
        'Er läuft in {ttlMinutes} Minuten ab und gilt nur einmal.',
        'Wenn Sie ihn nicht angefordert haben, können Sie diese Nachricht ignorieren.',
      ],
      sms: '{code} ist Ihr Code für {appName}. Er läuft in {ttlMinutes} Minuten ab.',
    },
    'magic-link': {
      subject: 'Ihr Anmeldelink für {appName}',
      intro: 'Melden Sie sich mit diesem Link bei {appName} an:',
      action: 'Anmelden',
      outro: [
        'Er läuft in {ttlMinutes} Minuten ab und gilt nur einmal.',
        'Wenn Sie ihn nicht angefordert haben, können Sie diese Nachricht ignorieren.',
      ],
      sms: 'Bei {appName} anmelden: {link}',
    },
    'verify-identifier': {
      subject: 'Bestätigen Sie Ihre neue Adresse für {appName}',
      intro: 'Bestätigen Sie, dass diese Adresse Ihnen gehört, um sie mit {appName} zu verwenden:',
      action: 'Adresse bestätigen',
      outro: [
        'Er läuft in {ttlMinutes} Minuten ab und gilt nur einmal.',
        'Wenn Sie diese Änderung nicht angefordert haben, können Sie diese Nachricht ignorieren.',
      ],
      sms: 'Bestätigen Sie Ihre Nummer für {appName}: {link}{code}',
    },
    contact: {
      subject: 'Neue Nachricht von {name} über {appName}',
      intro: 'Jemand hat über das Kontaktformular von {appName} eine Nachricht gesendet.',
      outro: ['Antworten Sie auf diese E-Mail, um {email} zu antworten.'],
      sms: 'Neue Kontaktnachricht über {appName}.',
    },
    'passkey-added': {
      subject: 'Ihrem {appName}-Konto wurde ein Passkey hinzugefügt',
      intro: 'Ein neuer Passkey ({deviceName}) kann sich jetzt bei Ihrem {appName}-Konto anmelden.',
      outro: [
        'Waren Sie das nicht? Entfernen Sie den Passkey in Ihrem Profil und wenden Sie sich an den Support.',
      ],
      sms: 'Ihrem {appName}-Konto wurde ein Passkey hinzugefügt. Nicht Sie? Entfernen Sie ihn im Profil.',
    },
    'passkey-removed': {
      subject: 'Ein Passkey wurde aus Ihrem {appName}-Konto entfernt',
      intro: 'Der Passkey {deviceName} kann sich nicht mehr bei Ihrem {appName}-Konto anmelden.',
      outro: ['Waren Sie das nicht? Melden Sie sich an und prüfen Sie Ihre Passkeys.'],
      sms: 'Ein Passkey wurde aus Ihrem {appName}-Konto entfernt.',
    },
  },
  contactFields: 'Das Formular enthielt:',
  footer: 'Gesendet von {appName}.',
};
