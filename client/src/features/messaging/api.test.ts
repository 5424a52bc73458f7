import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshReadStates } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('refreshReadStates', () => {
  it('lets a refresh whose connection dropped go quietly: nothing escapes as an unhandled error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const queryClient = new QueryClient();
    await expect(
      refreshReadStates(queryClient, '8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d'),
    ).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledOnce();
  });
});
