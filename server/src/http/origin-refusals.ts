import type { FastifyBaseLogger } from 'fastify';

/** A browser request CORS refused: a page on `origin` called the API of `appId`. */
export interface OriginRefusal {
  appId: string;
  /** The request's Origin header (the page's origin): attacker-controlled text. */
  origin: string;
  /** The app's auth_origin; absent when no app has this id. */
  authOrigin?: string;
  preflight: boolean;
}

/** Longest Origin (or app id) a log line repeats; longer ones are cut (Node allows 16 kB of headers). */
const MAX_LOGGED_LENGTH = 200;
const clip = (text: string) =>
  text.length > MAX_LOGGED_LENGTH ? `${text.slice(0, MAX_LOGGED_LENGTH)}…` : text;

/** How many keys are remembered before the oldest are forgotten (the log's memory stays bounded). */
const MAX_KEYS = 1000;

/**
 * Writes a warning for each refused origin, naming the page's origin, the app and its auth_origin, so
 * a misconfigured page is found in the log. Throttled, since refused preflights come as fast as anyone
 * sends them: one line per app and origin a minute, and at most `maxLines` a minute in all (an
 * attacker may vary the Origin); what was left out is counted in the next line (`suppressed`). Pino
 * writes every value JSON-encoded, so a line break in an Origin cannot start a line of its own.
 */
export class OriginRefusalLog {
  private readonly lastByKey = new Map<string, number>();
  private windowStart = -Infinity;
  private linesInWindow = 0;
  private suppressed = 0;

  constructor(
    private readonly options: { windowMs: number; maxLines: number; now: () => number } = {
      windowMs: 60_000,
      maxLines: 30,
      now: Date.now,
    },
  ) {}

  refused(log: FastifyBaseLogger, refusal: OriginRefusal): void {
    const { windowMs, maxLines, now } = this.options;
    const at = now();
    if (at - this.windowStart >= windowMs) {
      this.windowStart = at;
      this.linesInWindow = 0;
    }
    const key = `${refusal.appId}\n${refusal.origin}`;
    const last = this.lastByKey.get(key);
    if ((last !== undefined && at - last < windowMs) || this.linesInWindow >= maxLines) {
      this.suppressed++;
      return;
    }
    this.remember(key, at);
    this.linesInWindow++;
    const suppressed = this.suppressed;
    this.suppressed = 0;
    const line = {
      app_id: clip(refusal.appId),
      origin: clip(refusal.origin),
      preflight: refusal.preflight,
      ...(suppressed ? { suppressed } : {}),
    };
    if (refusal.authOrigin === undefined) {
      log.warn(line, 'refused a browser request for an app id that no app has');
    } else {
      log.warn(
        { ...line, auth_origin: refusal.authOrigin },
        "refused a browser request: its Origin is not the app's auth_origin (to allow it, set the app's auth_origin in the apps file to it, or AUTH_ORIGIN where the file says ${AUTH_ORIGIN})",
      );
    }
  }

  private remember(key: string, at: number): void {
    this.lastByKey.delete(key);
    this.lastByKey.set(key, at);
    // A Map iterates in insertion order: the first key is the one logged longest ago.
    if (this.lastByKey.size > MAX_KEYS) this.lastByKey.delete(this.lastByKey.keys().next().value!);
  }
}
