import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileClient } from './profile-client';

afterEach(() => vi.unstubAllGlobals());

describe("the profile's client", () => {
  it('never asks the server for an app without an id (the element upgraded before app-id was set)', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}', { status: 404 })));
    vi.stubGlobal('fetch', fetch);
    for (const appId of ['', undefined as unknown as string]) {
      await expect(profileClient(appId, 'http://localhost:1').appInfo()).rejects.toThrow('no app id');
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});
