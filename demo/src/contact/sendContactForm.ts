import { init, sendForm } from '@emailjs/browser';
import { contactConfig } from '../config';

let initialised = false;

/** Sends the form's named fields through @emailjs/browser to the configured origin (ours by default). */
export async function sendContactForm(form: HTMLFormElement): Promise<void> {
  if (!initialised) {
    init({ publicKey: contactConfig.publicKey }, contactConfig.apiOrigin || window.location.origin);
    initialised = true;
  }
  await sendForm(contactConfig.serviceId, contactConfig.templateId, form);
}
