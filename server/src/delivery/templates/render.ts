import type { MessageKind } from '../outgoing-message.js';
import { type Catalog, DEFAULT_TTL_MINUTES } from './catalog.js';
import { ar } from './ar.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { pt } from './pt.js';
import { zh } from './zh.js';

/** One catalog per language the widget ships. */
export const catalogs: Record<string, Catalog> = { en, de, fr, es, it, pt, pl, nl, zh, ar };

export interface RenderInput {
  kind: MessageKind;
  language: string;
  params: Record<string, string>;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

/** `de-CH` → the German catalog; anything unknown → English. */
function catalogFor(language: string): Catalog {
  const primary = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
  return catalogs[primary] ?? en;
}

/** Headers and SMS must stay on one line: control characters (CR, LF, …) become spaces. */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** Fills `{name}`s; null when a placeholder has no value (the sentence is then left out). */
function fill(template: string, params: Record<string, string>): string | null {
  let missing = false;
  const out = template.replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') missing = true;
    return value ?? '';
  });
  return missing ? null : out;
}

const fillOrBlank = (template: string, params: Record<string, string>) =>
  template.replace(PLACEHOLDER, (_, name: string) => params[name] ?? '');

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** Only http(s) links become buttons; anything else is shown as text. */
const isWebLink = (link: string | undefined): link is string => !!link && /^https?:\/\//i.test(link);

function contactFields(params: Record<string, string>): [string, string][] {
  try {
    const parsed = JSON.parse(params.fields ?? '{}') as Record<string, unknown>;
    return Object.entries(parsed).map(([key, value]) => [key, String(value)]);
  } catch {
    return [];
  }
}

/** Renders a message in the requested language (falling back to English) as subject, text, HTML and SMS. */
export function renderMessage({ kind, language, params: given }: RenderInput): RenderedMessage {
  const catalog = catalogFor(language);
  const words = catalog.kinds[kind];
  const ttl = DEFAULT_TTL_MINUTES[kind];
  const params: Record<string, string> = { appName: 'open-passage', ...(ttl ? { ttlMinutes: ttl } : {}) };
  for (const [key, value] of Object.entries(given)) if (value !== '') params[key] = value;
  const oneLineParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, oneLine(v)]));

  const subject = oneLine(fill(words.subject, oneLineParams) ?? fillOrBlank(words.subject, oneLineParams));
  const intro = fill(words.intro, params);
  const outro = words.outro.map((line) => fill(line, params)).filter((l): l is string => l !== null);
  const footer = fill(catalog.footer, params);
  const code = params.code;
  const link = params.link;
  const fields = kind === 'contact' ? contactFields(params) : [];

  const textParts: string[] = [];
  if (intro) textParts.push(intro);
  if (code) textParts.push(code);
  if (link) textParts.push(link);
  if (fields.length > 0) {
    textParts.push([catalog.contactFields, ...fields.map(([k, v]) => `${k}: ${v}`)].join('\n'));
  }
  textParts.push(...outro);
  if (footer) textParts.push(`-- \n${footer}`);

  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const htmlParts: string[] = [];
  if (intro) htmlParts.push(p(intro));
  if (code) {
    htmlParts.push(
      `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>`,
    );
  }
  if (isWebLink(link)) {
    const href = escapeHtml(link);
    const label = escapeHtml(words.action ?? link);
    htmlParts.push(
      `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;padding:10px 20px;background:#121212;color:#ffffff;text-decoration:none;border-radius:5px">${label}</a></p>`,
      `<p style="margin:0 0 16px;font-size:12px;word-break:break-all">${href}</p>`,
    );
  } else if (link) {
    htmlParts.push(p(link));
  }
  if (fields.length > 0) {
    const rows = fields
      .map(
        ([k, v]) =>
          `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(k)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
      )
      .join('');
    htmlParts.push(p(catalog.contactFields), `<table style="margin:0 0 16px">${rows}</table>`);
  }
  htmlParts.push(...outro.map(p));
  if (footer)
    htmlParts.push(`<p style="margin:24px 0 0;font-size:12px;color:#666666">${escapeHtml(footer)}</p>`);
  const lang = escapeHtml(catalog === en ? 'en' : (language.split(/[-_]/)[0] ?? 'en'));
  const dir = catalog.dir ? ` dir="${catalog.dir}"` : '';
  const html = `<!doctype html><html lang="${lang}"${dir}><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body${dir} style="margin:0;padding:24px;font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#121212">${htmlParts.join('')}</body></html>`;

  const sms = oneLine(fillOrBlank(words.sms, oneLineParams));
  return { subject, text: textParts.join('\n\n'), html, sms };
}
