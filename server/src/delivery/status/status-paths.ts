/** Where Twilio and Vonage post a message's delivery status (SMS_DELIVERY_STATUS=on). */
export const SMS_STATUS_PATHS = {
  twilio: '/v1/sms/status/twilio',
  vonage: '/v1/sms/status/vonage',
} as const;

/**
 * The URL a provider is told to report to: built from PUBLIC_URL, never from a request's Host header, and
 * the very URL Twilio signs its callbacks over.
 */
export function smsStatusUrl(publicUrl: string, provider: keyof typeof SMS_STATUS_PATHS): string {
  return `${publicUrl.replace(/\/+$/, '')}${SMS_STATUS_PATHS[provider]}`;
}
