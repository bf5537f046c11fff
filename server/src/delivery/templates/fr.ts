import type { Catalog } from './catalog.js';

export const fr: Catalog = {
  kinds: {
    'one-time-code': {
      subject: 'Votre code de connexion {appName}',
      intro: 'Saisissez ce code à usage unique pour continuer sur {appName} :',
      outro: [
        'Il expire dans {ttlMinutes} minutes et ne fonctionne qu’une fois.',
        'Si vous ne l’avez pas demandé, ignorez ce message.',
      ],
      sms: '{code} est votre code {appName}. Il expire dans {ttlMinutes} minutes.',
    },
    'magic-link': {
      subject: 'Votre lien de connexion {appName}',
      intro: 'Utilisez ce lien pour vous connecter à {appName} :',
      action: 'Se connecter',
      outro: [
        'Il expire dans {ttlMinutes} minutes et ne fonctionne qu’une fois.',
        'Si vous ne l’avez pas demandé, ignorez ce message.',
      ],
      sms: 'Connexion à {appName} : {link}',
    },
    'verify-identifier': {
      subject: 'Confirmez votre nouvelle adresse pour {appName}',
      intro: 'Confirmez que cette adresse vous appartient pour l’utiliser avec {appName} :',
      action: 'Confirmer l’adresse',
      outro: [
        'Il expire dans {ttlMinutes} minutes et ne fonctionne qu’une fois.',
        'Si vous n’avez pas demandé ce changement, ignorez ce message.',
      ],
      sms: 'Confirmez votre numéro pour {appName} : {link}{code}',
    },
    contact: {
      subject: 'Nouveau message de {name} via {appName}',
      intro: 'Quelqu’un a envoyé un message via le formulaire de contact de {appName}.',
      outro: ['Répondez à cet e-mail pour répondre à {email}.'],
      sms: 'Nouveau message de contact via {appName}.',
    },
    'passkey-added': {
      subject: 'Une clé d’accès a été ajoutée à votre compte {appName}',
      intro: 'Une nouvelle clé d’accès ({deviceName}) peut désormais se connecter à votre compte {appName}.',
      outro: ['Si ce n’était pas vous, supprimez-la dans votre profil et contactez le support.'],
      sms: 'Une clé d’accès a été ajoutée à votre compte {appName}. Pas vous ? Supprimez-la dans votre profil.',
    },
    'passkey-removed': {
      subject: 'Une clé d’accès a été retirée de votre compte {appName}',
      intro: 'La clé d’accès {deviceName} ne peut plus se connecter à votre compte {appName}.',
      outro: ['Si ce n’était pas vous, connectez-vous et vérifiez vos clés d’accès.'],
      sms: 'Une clé d’accès a été retirée de votre compte {appName}.',
    },
  },
  contactFields: 'Le formulaire contenait :',
  footer: 'Envoyé par {appName}.',
};
