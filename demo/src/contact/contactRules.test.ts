import { describe, expect, it } from 'vitest';
import { describeFailure, MIN_FILL_MS, screenSubmission } from './contactRules';

describe('contact form bot traps', () => {
  it('rejects a submit whose honeypot was filled in', () => {
    expect(screenSubmission('http://spam.example', 0, 60_000)).toEqual({ kind: 'reject' });
  });

  it('holds back a submit made sooner than the minimum fill time, for the time that is left', () => {
    expect(MIN_FILL_MS).toBe(3000);
    expect(screenSubmission('', 1000, 2500)).toEqual({ kind: 'send', delayMs: 1500 });
    expect(screenSubmission('', 1000, 9000)).toEqual({ kind: 'send', delayMs: 0 });
  });
});

describe('contact form failure messages', () => {
  it('tells a network failure, a refusal, a rate limit and a server fault apart', () => {
    expect(describeFailure(new TypeError('Failed to fetch'))).toMatch(/Could not reach the server/);
    expect(describeFailure({ status: 0, text: 'Network Error' })).toMatch(/Could not reach the server/);
    expect(describeFailure({ status: 429, text: 'Too Many Requests' })).toMatch(/wait a minute/);
    expect(describeFailure({ status: 400, text: 'bad' })).toMatch(/not accepted/);
    expect(describeFailure({ status: 503, text: 'down' })).toMatch(/still here/);
  });
});
