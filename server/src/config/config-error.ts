/** A setting the server cannot start with; the message names it, the value given and what it takes. */
export class ConfigError extends Error {}
