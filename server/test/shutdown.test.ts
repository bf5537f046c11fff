import { describe, expect, it } from 'vitest';
import { gracefulShutdown } from '../src/shutdown.js';

describe('gracefulShutdown', () => {
  const setup = (close: () => Promise<void>) => {
    const exits: number[] = [];
    const warnings: string[] = [];
    const stop = gracefulShutdown(close, {
      timeoutMs: 50,
      exit: (code) => void exits.push(code),
      warn: (message) => void warnings.push(message),
    });
    return { stop, exits, warnings };
  };

  it('exits 0 once the server has closed', async () => {
    const { stop, exits, warnings } = setup(async () => {});
    await stop();
    await new Promise((r) => setTimeout(r, 80));
    expect(exits).toEqual([0]);
    expect(warnings).toEqual([]);
  });

  it('exits 1 when closing hangs past the deadline, and at once on a second signal', async () => {
    const hang = setup(() => new Promise(() => {}));
    void hang.stop();
    await new Promise((r) => setTimeout(r, 80));
    expect(hang.exits).toEqual([1]);
    expect(hang.warnings[0]).toMatch(/not stopped after 0.05 s/);

    const twice = setup(() => new Promise(() => {}));
    void twice.stop();
    await twice.stop();
    expect(twice.exits).toEqual([1]);
  });
});
