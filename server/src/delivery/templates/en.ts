import type { Catalog } from './catalog.js';

export const en: Catalog = {
  kinds: {
    'one-time-code': {
      subject: 'Your {appName} sign-in code',
      intro: 'Enter this one-time code to continue with {appName}:',
      outro: [
        'It expires in {ttlMinutes} minutes and works only once.',
        'If you did not ask for it, you can ignore this message.',
      ],
      sms: '{code} is your {appName} code. It expires in {ttlMinutes} minutes.',
    },
    'magic-link': {
      subject: 'Your {appName} sign-in link',
      intro: 'Use this link to sign in to {appName}:',
      action: 'Sign in',
      outro: [
        'It expires in {ttlMinutes} minutes and works only once.',
        'If you did not ask for it, you can ignore this message.',
      ],
      sms: 'Sign in to {appName}: {link}',
    },
    'verify-identifier': {
      subject: 'Confirm your new address for {appName}',
      intro: 'Confirm that this address belongs to you to use it with {appName}:',
      action: 'Confirm address',
      outro: [
        'It expires in {ttlMinutes} minutes and works only once.',
        'If you did not ask for this change, you can ignore this message.',
      ],
      sms: 'Confirm your number for {appName}: {link}{code}',
    },
    contact: {
      subject: 'New message from {name} via {appName}',
      intro: 'Someone sent a message through the contact form of {appName}.',
      outro: ['Reply to this email to answer {email}.'],
      sms: 'New contact message via {appName}.',
    },
    'passkey-added': {
      subject: 'A passkey was added to your {appName} account',
      intro: 'A new passkey ({deviceName}) can now sign in to your {appName} account.',
      outro: ['If this was not you, remove the passkey from your profile and contact support.'],
      sms: 'A passkey was added to your {appName} account. Not you? Remove it in your profile.',
    },
    'passkey-removed': {
      subject: 'A passkey was removed from your {appName} account',
      intro: 'The passkey {deviceName} can no longer sign in to your {appName} account.',
      outro: ['If this was not you, sign in and check your passkeys.'],
      sms: 'A passkey was removed from your {appName} account.',
    },
  },
  contactFields: 'The form said:',
  footer: 'Sent by {appName}.',
};
