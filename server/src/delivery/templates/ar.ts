import type { Catalog } from './catalog.js';

export const ar: Catalog = {
  dir: 'rtl',
  kinds: {
    'one-time-code': {
      subject: 'رمز تسجيل الدخول إلى {appName}',
      intro: 'أدخل رمز الاستخدام الواحد هذا للمتابعة في {appName}:',
      outro: [
        'تنتهي صلاحيته خلال {ttlMinutes} دقائق ولا يعمل إلا مرة واحدة.',
        'إذا لم تطلبه، يمكنك تجاهل هذه الرسالة.',
      ],
      sms: '{code} هو رمزك في {appName}. تنتهي صلاحيته خلال {ttlMinutes} دقائق.',
    },
    'magic-link': {
      subject: 'رابط تسجيل الدخول إلى {appName}',
      intro: 'استخدم هذا الرابط لتسجيل الدخول إلى {appName}:',
      action: 'تسجيل الدخول',
      outro: [
        'تنتهي صلاحيته خلال {ttlMinutes} دقائق ولا يعمل إلا مرة واحدة.',
        'إذا لم تطلبه، يمكنك تجاهل هذه الرسالة.',
      ],
      sms: 'تسجيل الدخول إلى {appName}: {link}',
    },
    'verify-identifier': {
      subject: 'أكّد عنوانك الجديد في {appName}',
      intro: 'أكّد أن هذا العنوان يخصك لاستخدامه مع {appName}:',
      action: 'تأكيد العنوان',
      outro: [
        'تنتهي صلاحية الرابط خلال {ttlMinutes} دقائق ولا يعمل إلا مرة واحدة.',
        'إذا لم تطلب هذا التغيير، يمكنك تجاهل هذه الرسالة.',
      ],
      sms: 'أكّد رقمك في {appName}: {link}{code}',
    },
    contact: {
      subject: 'رسالة جديدة من {name} عبر {appName}',
      intro: 'أرسل أحدهم رسالة عبر نموذج الاتصال في {appName}.',
      outro: ['ردّ على هذا البريد للرد على {email}.'],
      sms: 'رسالة اتصال جديدة عبر {appName}.',
    },
    'passkey-added': {
      subject: 'أُضيف مفتاح مرور إلى حسابك في {appName}',
      intro: 'يمكن لمفتاح مرور جديد ({deviceName}) الآن تسجيل الدخول إلى حسابك في {appName}.',
      outro: ['إذا لم تكن أنت، فاحذف مفتاح المرور من ملفك الشخصي وتواصل مع الدعم.'],
      sms: 'أُضيف مفتاح مرور إلى حسابك في {appName}. لست أنت؟ احذفه من ملفك الشخصي.',
    },
    'passkey-removed': {
      subject: 'أُزيل مفتاح مرور من حسابك في {appName}',
      intro: 'لم يعد بإمكان مفتاح المرور {deviceName} تسجيل الدخول إلى حسابك في {appName}.',
      outro: ['إذا لم تكن أنت، فسجّل الدخول وتحقق من مفاتيح المرور لديك.'],
      sms: 'أُزيل مفتاح مرور من حسابك في {appName}.',
    },
  },
  contactFields: 'محتوى النموذج:',
  footer: 'أُرسلت من {appName}.',
};
