import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useOneAtATime } from './use-one-at-a-time';

describe('useOneAtATime', () => {
  it('ignores a call while the last is running, and runs again once it has settled, failed or not', async () => {
    const answers: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
    const action = vi.fn(
      (_label: string) => new Promise<void>((resolve, reject) => void answers.push({ resolve, reject })),
    );
    const { result, rerender } = renderHook(() => useOneAtATime(action));

    const first = result.current('first');
    rerender();
    // A render in between (the page saying it is sending) keeps the same running call.
    await result.current('second');
    expect(action).toHaveBeenCalledTimes(1);
    await act(async () => answers[0]!.resolve());
    await first;

    const third = expect(result.current('third')).rejects.toThrow('refused');
    await act(async () => answers[1]!.reject(new Error('refused')));
    await third;
    void result.current('fourth');
    expect(action.mock.calls.map(([label]) => label)).toEqual(['first', 'third', 'fourth']);
  });
});
