import type { Catalog } from './catalog.js';

export const pt: Catalog = {
  kinds: {
    'one-time-code': {
      subject: 'O seu código de acesso a {appName}',
      intro: 'Introduza este código de utilização única para continuar em {appName}:',
      outro: [
        'Expira em {ttlMinutes} minutos e só pode ser usado uma vez.',
        'Se não o pediu, pode ignorar esta mensagem.',
      ],
      sms: '{code} é o seu código de {appName}. Expira em {ttlMinutes} minutos.',
    },
    'magic-link': {
      subject: 'O seu link de acesso a {appName}',
      intro: 'Use este link para entrar em {appName}:',
      action: 'Entrar',
      outro: [
        'Expira em {ttlMinutes} minutos e só pode ser usado uma vez.',
        'Se não o pediu, pode ignorar esta mensagem.',
      ],
      sms: 'Entrar em {appName}: {link}',
    },
    'verify-identifier': {
      subject: 'Confirme o seu novo endereço para {appName}',
      intro: 'Confirme que este endereço é seu para o usar com {appName}:',
      action: 'Confirmar endereço',
      outro: [
        'O link expira em {ttlMinutes} minutos e só pode ser usado uma vez.',
        'Se não pediu esta alteração, pode ignorar esta mensagem.',
      ],
      sms: 'Confirme o seu número para {appName}: {link}{code}',
    },
    contact: {
      subject: 'Nova mensagem de {name} através de {appName}',
      intro: 'Alguém enviou uma mensagem através do formulário de contacto de {appName}.',
      outro: ['Responda a este email para responder a {email}.'],
      sms: 'Nova mensagem de contacto através de {appName}.',
    },
    'passkey-added': {
      subject: 'Foi adicionada uma chave de acesso à sua conta {appName}',
      intro: 'Uma nova chave de acesso ({deviceName}) já pode entrar na sua conta {appName}.',
      outro: ['Se não foi você, remova a chave de acesso no seu perfil e contacte o suporte.'],
      sms: 'Foi adicionada uma chave de acesso à sua conta {appName}. Não foi você? Remova-a no seu perfil.',
    },
    'passkey-removed': {
      subject: 'Foi removida uma chave de acesso da sua conta {appName}',
      intro: 'A chave de acesso {deviceName} já não pode entrar na sua conta {appName}.',
      outro: ['Se não foi você, entre na sua conta e verifique as suas chaves de acesso.'],
      sms: 'Foi removida uma chave de acesso da sua conta {appName}.',
    },
  },
  contactFields: 'O formulário continha:',
  footer: 'Enviado por {appName}.',
};
