import type { SocialMessages } from './en';

export const socialZh: SocialMessages = {
  'continue-with-provider': '通过 {0} 继续',
  'or-divider': '或',
  'social-access-denied': '已取消通过 {0} 登录。请重试，或使用其他方式登录。',
  'social-provider-error': '{0} 无法完成登录。请稍后重试，或使用其他方式登录。',
  'social-invalid-state': '此次登录已过期，或是在其他浏览器中开始的。请选择一种登录方式重新开始。',
  'social-invalid-response': '无法验证来自 {0} 的响应。请重试。',
  'social-account-exists': '此电子邮件已有账户。请先使用电子邮件登录，然后在个人资料中关联 {0}。',
  'social-connection-in-use': '此 {0} 账户已关联到其他用户。',
  'social-not-allowed': '此处不允许通过 {0} 登录：注册已关闭，或账户已停用。',
  'social-failed': '通过 {0} 登录失败。请重试。',
};
