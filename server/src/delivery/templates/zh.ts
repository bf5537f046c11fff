import type { Catalog } from './catalog.js';

export const zh: Catalog = {
  kinds: {
    'one-time-code': {
      subject: '您的 {appName} 登录验证码',
      intro: '请输入此一次性验证码以继续使用 {appName}：',
      outro: [
        '验证码将在 {ttlMinutes} 分钟后失效，且只能使用一次。',
        '如果这不是您本人的请求，请忽略此消息。',
      ],
      sms: '{code} 是您的 {appName} 验证码，{ttlMinutes} 分钟内有效。',
    },
    'magic-link': {
      subject: '您的 {appName} 登录链接',
      intro: '请使用此链接登录 {appName}：',
      action: '登录',
      outro: ['链接将在 {ttlMinutes} 分钟后失效，且只能使用一次。', '如果这不是您本人的请求，请忽略此消息。'],
      sms: '登录 {appName}：{link}',
    },
    'verify-identifier': {
      subject: '确认您在 {appName} 的新地址',
      intro: '请确认此地址属于您，以便在 {appName} 中使用：',
      action: '确认地址',
      outro: ['链接将在 {ttlMinutes} 分钟后失效，且只能使用一次。', '如果您没有申请此更改，请忽略此消息。'],
      sms: '确认您在 {appName} 的号码：{link}{code}',
    },
    contact: {
      subject: '{name} 通过 {appName} 发来的新消息',
      intro: '有人通过 {appName} 的联系表单发送了一条消息。',
      outro: ['回复此邮件即可答复 {email}。'],
      sms: '{appName} 收到一条新的联系消息。',
    },
    'passkey-added': {
      subject: '您的 {appName} 账户添加了一个通行密钥',
      intro: '新的通行密钥（{deviceName}）现在可以登录您的 {appName} 账户。',
      outro: ['如果这不是您本人的操作，请在个人资料中删除该通行密钥并联系客服。'],
      sms: '您的 {appName} 账户添加了一个通行密钥。不是您本人？请在个人资料中删除。',
    },
    'passkey-removed': {
      subject: '您的 {appName} 账户删除了一个通行密钥',
      intro: '通行密钥 {deviceName} 已无法再登录您的 {appName} 账户。',
      outro: ['如果这不是您本人的操作，请登录并检查您的通行密钥。'],
      sms: '您的 {appName} 账户删除了一个通行密钥。',
    },
  },
  contactFields: '表单内容：',
  footer: '由 {appName} 发送。',
};
