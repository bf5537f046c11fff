import type { Catalog } from './catalog.js';

export const it: Catalog = {
  kinds: {
    'one-time-code': {
      subject: 'Il tuo codice di accesso a {appName}',
      intro: 'Inserisci questo codice monouso per continuare su {appName}:',
      outro: [
        'Scade tra {ttlMinutes} minuti e può essere usato una sola volta.',
        'Se non l’hai richiesto, puoi ignorare questo messaggio.',
      ],
      sms: '{code} è il tuo codice per {appName}. Scade tra {ttlMinutes} minuti.',
    },
    'magic-link': {
      subject: 'Il tuo link di accesso a {appName}',
      intro: 'Usa questo link per accedere a {appName}:',
      action: 'Accedi',
      outro: [
        'Scade tra {ttlMinutes} minuti e può essere usato una sola volta.',
        'Se non l’hai richiesto, puoi ignorare questo messaggio.',
      ],
      sms: 'Accedi a {appName}: {link}',
    },
    'verify-identifier': {
      subject: 'Conferma il tuo nuovo indirizzo per {appName}',
      intro: 'Conferma che questo indirizzo è tuo per usarlo con {appName}:',
      action: 'Conferma indirizzo',
      outro: [
        'Il link scade tra {ttlMinutes} minuti e può essere usato una sola volta.',
        'Se non hai richiesto questa modifica, puoi ignorare questo messaggio.',
      ],
      sms: 'Conferma il tuo numero per {appName}: {link}{code}',
    },
    contact: {
      subject: 'Nuovo messaggio da {name} tramite {appName}',
      intro: 'Qualcuno ha inviato un messaggio tramite il modulo di contatto di {appName}.',
      outro: ['Rispondi a questa email per rispondere a {email}.'],
      sms: 'Nuovo messaggio di contatto tramite {appName}.',
    },
    'passkey-added': {
      subject: 'È stata aggiunta una passkey al tuo account {appName}',
      intro: 'Una nuova passkey ({deviceName}) può ora accedere al tuo account {appName}.',
      outro: ['Se non sei stato tu, rimuovi la passkey dal tuo profilo e contatta l’assistenza.'],
      sms: 'È stata aggiunta una passkey al tuo account {appName}. Non sei stato tu? Rimuovila dal profilo.',
    },
    'passkey-removed': {
      subject: 'È stata rimossa una passkey dal tuo account {appName}',
      intro: 'La passkey {deviceName} non può più accedere al tuo account {appName}.',
      outro: ['Se non sei stato tu, accedi e controlla le tue passkey.'],
      sms: 'È stata rimossa una passkey dal tuo account {appName}.',
    },
  },
  contactFields: 'Il modulo conteneva:',
  footer: 'Inviato da {appName}.',
};
