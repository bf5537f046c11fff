import { ConfigError } from './config-error.js';
import { optional, optionalUrl } from './env-values.js';
import type { SettingHelp } from './setting-help.js';

/** Twilio's Programmable Messaging: a sender number or a messaging service (at least one). */
export interface TwilioSettings {
  kind: 'twilio';
  /** Base URL of the API (TWILIO_API_URL), without a trailing slash. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string | null;
  messagingServiceSid: string | null;
  /** SMS_DELIVERY_STATUS: each message asks for status callbacks, signed with the auth token. */
  deliveryStatus: boolean;
}

/** How Vonage signs its delivery receipts (the dashboard's choice): MD5 hash, or an HMAC. */
export type VonageSignatureMethod = 'md5hash' | 'md5' | 'sha1' | 'sha256' | 'sha512';

/** Vonage's SMS API. */
export interface VonageSettings {
  kind: 'vonage';
  /** Base URL of the API (VONAGE_API_URL), without a trailing slash. */
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
  from: string;
  /** SMS_DELIVERY_STATUS: each message names the receipt URL; receipts must be signed with this secret. */
  deliveryStatus: { signatureSecret: string; signatureMethod: VonageSignatureMethod } | null;
}

/** Amazon SNS in one region, with credentials from the standard AWS variables. */
export interface SnsSettings {
  kind: 'sns';
  /** Base URL of the API (SNS_API_URL, default the region's endpoint), without a trailing slash. */
  apiUrl: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials' session token (AWS_SESSION_TOKEN). */
  sessionToken: string | null;
}

/** Where SMS go: the chosen vendor's API, or a JSON gateway at a URL (credentials in it as Basic auth). */
export type SmsProvider = { kind: 'http'; url: string } | TwilioSettings | VonageSettings | SnsSettings;

const PROVIDERS = ['twilio', 'vonage', 'sns'] as const;
const SIGNATURE_METHODS: readonly VonageSignatureMethod[] = ['md5hash', 'md5', 'sha1', 'sha256', 'sha512'];

/** The SMS settings `--help` lists (loadConfig reads each of them, whichever provider is chosen). */
export const SMS_SETTINGS: readonly SettingHelp[] = [
  {
    name: 'SMS_PROVIDER',
    default: 'none: the dev outbox in development mode',
    description:
      'twilio, vonage, sns, or the URL of an HTTP SMS gateway (POST {"to", "text"}) for phone identifiers. Outside ' +
      'development mode the server does not start without it while an app allows phone identifiers.',
  },
  {
    name: 'TWILIO_ACCOUNT_SID',
    default: 'none',
    description: 'With SMS_PROVIDER=twilio: the account SID (AC…).',
  },
  {
    name: 'TWILIO_AUTH_TOKEN',
    default: 'none',
    description: 'With SMS_PROVIDER=twilio: the auth token (a secret).',
  },
  {
    name: 'TWILIO_FROM',
    default: 'none',
    description: 'With SMS_PROVIDER=twilio: the sender number (+1…); or set TWILIO_MESSAGING_SERVICE_SID.',
  },
  {
    name: 'TWILIO_MESSAGING_SERVICE_SID',
    default: 'none',
    description: 'With SMS_PROVIDER=twilio: a messaging service (MG…) that picks the sender.',
  },
  {
    name: 'TWILIO_API_URL',
    default: 'https://api.twilio.com',
    description: "Twilio's API, for tests or a proxy.",
  },
  { name: 'VONAGE_API_KEY', default: 'none', description: 'With SMS_PROVIDER=vonage: the API key.' },
  { name: 'VONAGE_API_SECRET', default: 'none', description: 'With SMS_PROVIDER=vonage: the API secret.' },
  {
    name: 'VONAGE_FROM',
    default: 'none',
    description: 'With SMS_PROVIDER=vonage: the sender, a number (4915…) or a name of up to 11 letters.',
  },
  {
    name: 'VONAGE_SIGNATURE_SECRET',
    default: 'none',
    description:
      'With SMS_PROVIDER=vonage and SMS_DELIVERY_STATUS=on: the signature secret receipts are signed with (a secret).',
  },
  {
    name: 'VONAGE_SIGNATURE_METHOD',
    default: 'none',
    description:
      'With SMS_PROVIDER=vonage and SMS_DELIVERY_STATUS=on: the signature method chosen in the dashboard for ' +
      "that secret, md5hash (the dashboard's default), md5, sha1, sha256 or sha512.",
  },
  {
    name: 'SMS_DELIVERY_STATUS',
    default: 'off',
    description:
      'on: Twilio and Vonage report whether each SMS was delivered, to <PUBLIC_URL>/v1/sms/status/<provider>; ' +
      'the server checks their signatures. SNS reports to CloudWatch only.',
  },
  {
    name: 'VONAGE_API_URL',
    default: 'https://rest.nexmo.com',
    description: "Vonage's SMS API, for tests or a proxy.",
  },
  { name: 'AWS_REGION', default: 'none', description: 'With SMS_PROVIDER=sns: the region, e.g. eu-west-1.' },
  { name: 'AWS_ACCESS_KEY_ID', default: 'none', description: 'With SMS_PROVIDER=sns: the access key ID.' },
  {
    name: 'AWS_SECRET_ACCESS_KEY',
    default: 'none',
    description: 'With SMS_PROVIDER=sns: the secret access key.',
  },
  {
    name: 'AWS_SESSION_TOKEN',
    default: 'none',
    description: 'With SMS_PROVIDER=sns and temporary credentials: their session token.',
  },
  {
    name: 'SNS_API_URL',
    default: 'https://sns.<AWS_REGION>.amazonaws.com',
    description: "Amazon SNS's API, for tests or a VPC endpoint.",
  },
];

/** One provider's settings, read and trimmed; unset ones null. */
type Values = Record<string, string | null>;

/** The value of a setting the chosen provider cannot work without; its error names the setting, never a value. */
function required(values: Values, name: string, provider: string, what: string): string {
  const value = values[name];
  if (value) return value;
  throw new ConfigError(`SMS_PROVIDER=${provider} needs ${name} (${what}), which is not set.`);
}

/** A provider's base URL without a trailing slash: its override, or the vendor's own. */
function apiUrl(values: Values, name: string, fallback: string): string {
  const url = optionalUrl(name, values[name] ?? undefined, ['https', 'http'], fallback) ?? fallback;
  return url.replace(/\/+$/, '');
}

function twilio(values: Values): TwilioSettings {
  const settings: TwilioSettings = {
    kind: 'twilio',
    apiUrl: apiUrl(values, 'TWILIO_API_URL', 'https://api.twilio.com'),
    accountSid: required(values, 'TWILIO_ACCOUNT_SID', 'twilio', 'the account SID, AC…'),
    authToken: required(values, 'TWILIO_AUTH_TOKEN', 'twilio', "the account's auth token"),
    from: values.TWILIO_FROM ?? null,
    messagingServiceSid: values.TWILIO_MESSAGING_SERVICE_SID ?? null,
    deliveryStatus: deliveryStatusOn(values),
  };
  if (!settings.from && !settings.messagingServiceSid) {
    throw new ConfigError(
      'SMS_PROVIDER=twilio needs a sender: TWILIO_FROM (a number of the account, e.g. +15017122661) or ' +
        'TWILIO_MESSAGING_SERVICE_SID (MG…); neither is set.',
    );
  }
  return settings;
}

/** SMS_DELIVERY_STATUS: on or off (default). */
function deliveryStatusOn(values: Values): boolean {
  const value = (values.SMS_DELIVERY_STATUS ?? 'off').toLowerCase();
  if (value !== 'on' && value !== 'off') {
    throw new ConfigError(`SMS_DELIVERY_STATUS must be on or off, got "${value}"`);
  }
  return value === 'on';
}

/** Receipts are accepted only signed: SMS_DELIVERY_STATUS=on needs the signature secret and its method. */
function vonageDeliveryStatus(values: Values): VonageSettings['deliveryStatus'] {
  if (!deliveryStatusOn(values)) return null;
  const signatureSecret = required(
    values,
    'VONAGE_SIGNATURE_SECRET',
    'vonage with SMS_DELIVERY_STATUS=on',
    'the signature secret of the Vonage dashboard; unsigned receipts are refused',
  );
  // No default: the dashboard's own default (md5hash) differs from what most accounts choose, and a wrong
  // guess would refuse every receipt as forged without saying why.
  const method = required(
    values,
    'VONAGE_SIGNATURE_METHOD',
    'vonage with SMS_DELIVERY_STATUS=on',
    `the signature method chosen in the Vonage dashboard: ${SIGNATURE_METHODS.join(', ')}`,
  ).toLowerCase() as VonageSignatureMethod;
  if (!SIGNATURE_METHODS.includes(method)) {
    throw new ConfigError(
      `VONAGE_SIGNATURE_METHOD must be one of ${SIGNATURE_METHODS.join(', ')}, got "${method}"`,
    );
  }
  return { signatureSecret, signatureMethod: method };
}

function vonage(values: Values): VonageSettings {
  return {
    kind: 'vonage',
    apiUrl: apiUrl(values, 'VONAGE_API_URL', 'https://rest.nexmo.com'),
    apiKey: required(values, 'VONAGE_API_KEY', 'vonage', "the account's API key"),
    apiSecret: required(values, 'VONAGE_API_SECRET', 'vonage', "the account's API secret"),
    from: required(values, 'VONAGE_FROM', 'vonage', 'the sender number or name'),
    deliveryStatus: vonageDeliveryStatus(values),
  };
}

/** The value as an error may show it: a password in a URL-like value stays out of logs. */
function withoutCredentials(value: string): string {
  return value.replace(/\/\/[^/@]*@/, '//…@');
}

/** An AWS region name as it appears in endpoints: eu-west-1, us-gov-west-1. */
const AWS_REGION = /^[a-z]{2}(-[a-z]+)+-\d+$/;

function sns(values: Values): SnsSettings {
  const region = required(values, 'AWS_REGION', 'sns', 'the region to send from, e.g. eu-west-1');
  if (!AWS_REGION.test(region)) {
    throw new ConfigError(`AWS_REGION must be a region like eu-west-1, got "${region}"`);
  }
  return {
    kind: 'sns',
    apiUrl: apiUrl(values, 'SNS_API_URL', `https://sns.${region}.amazonaws.com`),
    region,
    accessKeyId: required(values, 'AWS_ACCESS_KEY_ID', 'sns', 'the access key ID, AKIA…'),
    secretAccessKey: required(values, 'AWS_SECRET_ACCESS_KEY', 'sns', 'the secret access key'),
    sessionToken: values.AWS_SESSION_TOKEN ?? null,
  };
}

/**
 * SMS_PROVIDER: a vendor's name, whose own settings must then be complete, or (as before there were vendors)
 * the http(s) URL of a JSON gateway. Every SMS setting is read whatever the choice, so `--help` can list them
 * all; a missing one stops the server at start with a sentence naming it.
 */
export function parseSmsProvider(env: NodeJS.ProcessEnv): SmsProvider | null {
  const values: Values = Object.fromEntries(SMS_SETTINGS.map(({ name }) => [name, optional(env[name])]));
  const choice = values.SMS_PROVIDER ?? null;
  if (choice === null) {
    // Asked for, it would silently report nothing: no provider sends an SMS, so none reports on one.
    if (deliveryStatusOn(values)) {
      throw new ConfigError(
        'SMS_DELIVERY_STATUS=on needs SMS_PROVIDER=twilio or vonage, and SMS_PROVIDER is not set ' +
          '(docs/server/sms-providers.md).',
      );
    }
    return null;
  }
  switch (choice.toLowerCase()) {
    case 'twilio':
      return twilio(values);
    case 'vonage':
      return vonage(values);
  }
  if (deliveryStatusOn(values)) {
    throw new ConfigError(
      'SMS_DELIVERY_STATUS=on needs SMS_PROVIDER=twilio or vonage: SNS reports delivery to CloudWatch Logs ' +
        'only, and a gateway reports none (docs/server/sms-providers.md).',
    );
  }
  if (choice.toLowerCase() === 'sns') return sns(values);
  if (!URL.canParse(choice) || !/^https?:$/.test(new URL(choice).protocol)) {
    throw new ConfigError(
      `SMS_PROVIDER must be ${PROVIDERS.join(', ')} or the URL of an HTTP SMS gateway starting with https:// or ` +
        `http://, got "${withoutCredentials(choice)}" — for example SMS_PROVIDER=twilio or SMS_PROVIDER=https://sms.example.com/send`,
    );
  }
  return { kind: 'http', url: choice };
}
