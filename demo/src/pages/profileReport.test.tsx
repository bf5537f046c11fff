import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { forgetProfileReports, useSignedIn } from './profileReport';

afterEach(() => {
  cleanup();
  localStorage.clear();
  forgetProfileReports();
});

function Status() {
  const signedIn = useSignedIn();
  return <p>{signedIn === null ? 'unknown' : signedIn ? 'in' : 'out'}</p>;
}

function report(type: string) {
  document.body.dispatchEvent(new CustomEvent('passageProfileChange', { bubbles: true, detail: { type } }));
}

it('knows a session ended even when the profile said so before the page rendered', () => {
  localStorage.setItem('psg_auth_token', 'a token the server will refuse');
  report('session-expired');
  render(<Status />);
  expect(screen.getByText('out')).toBeTruthy();
});

it('goes by the stored tokens until the profile reports, then by the profile', () => {
  localStorage.setItem('psg_refresh_token', 'refresh');
  render(<Status />);
  expect(screen.getByText('in')).toBeTruthy();
  act(() => report('signed-out'));
  expect(screen.getByText('out')).toBeTruthy();
  act(() => report('device-added'));
  expect(screen.getByText('out')).toBeTruthy();
  act(() => report('loaded'));
  expect(screen.getByText('in')).toBeTruthy();
});

it('without tokens and without a report, nobody is signed in', () => {
  render(<Status />);
  expect(screen.getByText('out')).toBeTruthy();
});
