import type { Catalog } from './catalog.js';

export const es: Catalog = {
  kinds: {
    'one-time-code': {
      subject: 'Tu código de acceso a {appName}',
      intro: 'Introduce este código de un solo uso para continuar en {appName}:',
      outro: [
        'Caduca en {ttlMinutes} minutos y solo funciona una vez.',
        'Si no lo has pedido, puedes ignorar este mensaje.',
      ],
      sms: '{code} es tu código de {appName}. Caduca en {ttlMinutes} minutos.',
    },
    'magic-link': {
      subject: 'Tu enlace de acceso a {appName}',
      intro: 'Usa este enlace para iniciar sesión en {appName}:',
      action: 'Iniciar sesión',
      outro: [
        'Caduca en {ttlMinutes} minutos y solo funciona una vez.',
        'Si no lo has pedido, puedes ignorar este mensaje.',
      ],
      sms: 'Inicia sesión en {appName}: {link}',
    },
    'verify-identifier': {
      subject: 'Confirma tu nueva dirección para {appName}',
      intro: 'Confirma que esta dirección es tuya para usarla con {appName}:',
      action: 'Confirmar dirección',
      outro: [
        'Caduca en {ttlMinutes} minutos y solo funciona una vez.',
        'Si no has pedido este cambio, puedes ignorar este mensaje.',
      ],
      sms: 'Confirma tu número para {appName}: {link}{code}',
    },
    contact: {
      subject: 'Nuevo mensaje de {name} a través de {appName}',
      intro: 'Alguien ha enviado un mensaje con el formulario de contacto de {appName}.',
      outro: ['Responde a este correo para contestar a {email}.'],
      sms: 'Nuevo mensaje de contacto a través de {appName}.',
    },
    'passkey-added': {
      subject: 'Se ha añadido una llave de acceso a tu cuenta de {appName}',
      intro: 'Una nueva llave de acceso ({deviceName}) ya puede iniciar sesión en tu cuenta de {appName}.',
      outro: ['Si no has sido tú, elimínala en tu perfil y contacta con soporte.'],
      sms: 'Se ha añadido una llave de acceso a tu cuenta de {appName}. ¿No has sido tú? Elimínala en tu perfil.',
    },
    'passkey-removed': {
      subject: 'Se ha eliminado una llave de acceso de tu cuenta de {appName}',
      intro: 'La llave de acceso {deviceName} ya no puede iniciar sesión en tu cuenta de {appName}.',
      outro: ['Si no has sido tú, inicia sesión y revisa tus llaves de acceso.'],
      sms: 'Se ha eliminado una llave de acceso de tu cuenta de {appName}.',
    },
  },
  contactFields: 'El formulario decía:',
  footer: 'Enviado por {appName}.',
};
