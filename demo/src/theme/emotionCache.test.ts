import { afterEach, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER, emotionCache, pageNonce } from './emotionCache';

const withNonceMeta = (content: string) => {
  const meta = document.createElement('meta');
  meta.name = 'csp-nonce';
  meta.content = content;
  document.head.append(meta);
};

afterEach(() => {
  document.head.querySelectorAll('meta[name="csp-nonce"]').forEach((meta) => meta.remove());
});

describe('the page’s CSP nonce', () => {
  it('is read from <meta name="csp-nonce">, as the server wrote it into the page', () => {
    withNonceMeta('rAnd0mN0nce+/==');
    expect(pageNonce()).toBe('rAnd0mN0nce+/==');
  });

  it('is none where the page was served without the server (the placeholder left as built) or has no tag', () => {
    expect(pageNonce()).toBeUndefined();
    withNonceMeta(CSP_NONCE_PLACEHOLDER);
    expect(pageNonce()).toBeUndefined();
  });

  it('is carried by every <style> the browser’s Emotion cache inserts', () => {
    withNonceMeta('n0nce');
    const cache = emotionCache();
    expect(cache.sheet.nonce).toBe('n0nce');
    expect(emotionCache()).toBe(cache);
    cache.sheet.insert('.probe{color:red}');
    expect(document.head.querySelector('style[data-emotion="css"]')?.getAttribute('nonce')).toBe('n0nce');
  });
});
