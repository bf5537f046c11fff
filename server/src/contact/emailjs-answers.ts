/** EmailJS answers in plain text; @emailjs/browser hands `status` and `text` to the caller. */
export class EmailJsAnswer extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(text);
    this.name = 'EmailJsAnswer';
  }
}

export const EMAILJS = {
  ok: 'OK',
  publicKeyRequired: () => new EmailJsAnswer(400, 'The Public Key is required.'),
  publicKeyInvalid: () => new EmailJsAnswer(400, 'The Public Key is invalid.'),
  serviceIdRequired: () => new EmailJsAnswer(400, 'The service ID is required.'),
  templateIdRequired: () => new EmailJsAnswer(400, 'The template ID is required.'),
  templateParamsInvalid: () => new EmailJsAnswer(400, 'The template params are invalid.'),
  badRequest: (text: string) => new EmailJsAnswer(400, text),
  originNotAllowed: (origin: string) =>
    new EmailJsAnswer(
      403,
      `Messages from ${origin} are not accepted: the origin is not one of this server's sites.`,
    ),
  tooLarge: () => new EmailJsAnswer(413, 'The message is too large.'),
  tooManyRequests: () => new EmailJsAnswer(429, 'Too Many Requests.'),
  serverError: () => new EmailJsAnswer(500, 'The message could not be stored. Please try again later.'),
};
