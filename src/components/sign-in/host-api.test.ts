import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateToRedirect, safeRedirectTarget } from './host-api';

const PAGE = 'https://app.example.com/login?x=1';

describe('safeRedirectTarget', () => {
  it.each([
    ['/dashboard', 'https://app.example.com/dashboard'],
    ['welcome', 'https://app.example.com/welcome'],
    ['https://app.example.com/done', 'https://app.example.com/done'],
    ['http://other.example/x', 'http://other.example/x'], // the server's policy judges origins
    ['  /trimmed', 'https://app.example.com/trimmed'],
  ])('goes to %j', (url, target) => {
    expect(safeRedirectTarget(url, PAGE)).toBe(target);
  });

  it.each([
    'javascript:alert(document.domain)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)', // the URL parser drops the tab
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'blob:https://app.example.com/1234',
    'file:///etc/passwd',
    'http://[not a host',
    '',
  ])('refuses %j', (url) => {
    expect(safeRedirectTarget(url, PAGE)).toBeNull();
  });
});

describe('navigateToRedirect (the default onSuccess)', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubLocation() {
    const assign = vi.fn();
    vi.stubGlobal('location', { href: PAGE, assign });
    return assign;
  }

  it('navigates to a path or an http(s) URL', () => {
    const assign = stubLocation();
    navigateToRedirect({ auth_token: 't', redirect_url: '/done' });
    expect(assign).toHaveBeenCalledWith('https://app.example.com/done');
  });

  it('never assigns a javascript: or data: URL to location', () => {
    const assign = stubLocation();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    navigateToRedirect({ auth_token: 't', redirect_url: 'javascript:alert(document.domain)' });
    navigateToRedirect({ auth_token: 't', redirect_url: 'data:text/html,x' });
    expect(assign).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
