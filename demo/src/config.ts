/**
 * Build-time configuration (Vite `VITE_*` variables; see the README's demo section). Everything here ends up
 * in the browser bundle, so nothing secret belongs in it.
 */
const env = import.meta.env;

/** The demo app declared in `passage-apps.json`; override with VITE_PASSAGE_APP_ID. */
export const passageAppId: string = env.VITE_PASSAGE_APP_ID || 'opDemo7Kq2Lx9RmT4wYc6dHf';

/**
 * Where the contact form sends, through @emailjs/browser. By default our own server's EmailJS-compatible
 * endpoint on the same origin, with the app id as the public key. To use EmailJS's own service instead, set
 * VITE_EMAILJS_API_ORIGIN=https://api.emailjs.com and your EmailJS service id, template id and public key.
 */
export const contactConfig = {
  serviceId: env.VITE_EMAILJS_SERVICE_ID || 'default_service',
  templateId: env.VITE_EMAILJS_TEMPLATE_ID || 'contact_form',
  publicKey: env.VITE_EMAILJS_PUBLIC_KEY || passageAppId,
  /** Empty means the page's own origin. */
  apiOrigin: env.VITE_EMAILJS_API_ORIGIN || '',
} as const;

/**
 * Where the form posts when the browser sends it itself: without JavaScript, or before the form's code has
 * arrived. The same EmailJS-compatible endpoint, with the ids as hidden fields.
 */
export const contactEndpoint = `${contactConfig.apiOrigin}/api/v1.0/email/send-form`;
