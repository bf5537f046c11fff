/** Standard local@domain form; the domain may be a bracketed IPv4 address. */
const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** Digits, spaces, parentheses and hyphens with an optional leading +. */
const PHONE_LIKE = /^\+?[\d\s()-]+$/;

export const isEmail = (text: string): boolean => EMAIL.test(text);

/** Whether typed text looks like a phone number: in both-identifiers mode the country dropdown shows then. */
export const looksLikePhone = (text: string): boolean => PHONE_LIKE.test(text.trim());
