import { type FunctionalComponent, h } from '@stencil/core';

/**
 * Inline SVG icons (nothing is downloaded). Each is a 24×24 stroke drawing in
 * `currentColor`, decorative (aria-hidden) because the text beside it carries the meaning.
 */
export type IconName =
  | 'email'
  | 'sms'
  | 'invalid-code'
  | 'passkey'
  | 'face-id'
  | 'windows-hello'
  | 'fingerprint'
  | 'success'
  | 'failure';

const PATHS: Record<IconName, string> = {
  email: 'M3 5h18v14H3zM3 6l9 7 9-7',
  sms: 'M4 4h16v12H8l-4 4zM8 9h8M8 12h5',
  'invalid-code': 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4M10 14l4 4M14 14l-4 4',
  passkey:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 11-5.7M17 11a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM17 17v5l2-1.5',
  'face-id': 'M4 8V4h4M16 4h4v4M20 16v4h-4M8 20H4v-4M9 9v1M15 9v1M12 9v4h-1M9 16a4 4 0 0 0 6 0',
  'windows-hello': 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9 10v1M15 10v1M8.5 15a5 5 0 0 0 7 0',
  fingerprint:
    'M12 11v3a8 8 0 0 1-1.5 4.5M8.5 8.5A4 4 0 0 1 16 11v2M5 12a7 7 0 0 1 12.4-4.4M19 12v1a12 12 0 0 1-1 5M8 12v1a10 10 0 0 1-2 6',
  success: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 12l3 3 5-6',
  failure: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9 9l6 6M15 9l-6 6',
};

const TONE: Partial<Record<IconName, string>> = { success: 'ok', failure: 'bad', 'invalid-code': 'bad' };

export const Icon: FunctionalComponent<{ name: IconName }> = ({ name }) => (
  <svg
    class={`icon ${TONE[name] ?? ''}`}
    part={`icon icon-${name}`}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    stroke-width="1.6"
    stroke-linecap="round"
    stroke-linejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={PATHS[name]} />
  </svg>
);

/** The biometric prompt that fits the visitor's platform (Apple, Windows Hello, or generic). */
export function biometricIcon(userAgent: string): IconName {
  if (/iPhone|iPad|Macintosh|Mac OS X/.test(userAgent)) return 'face-id';
  if (/Windows/.test(userAgent)) return 'windows-hello';
  return 'fingerprint';
}
