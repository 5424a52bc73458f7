import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HydrationProvider, useIsHydrated } from './hydration';

/** What useIsHydrated answered at each render: in a provider that is `hydrating` or not, or in none. */
function answers(hydrating?: boolean): boolean[] {
  const seen: boolean[] = [];
  function Probe() {
    seen.push(useIsHydrated());
    return null;
  }
  render(
    hydrating === undefined ? (
      <Probe />
    ) : (
      <HydrationProvider hydrating={hydrating}>
        <Probe />
      </HydrationProvider>
    ),
  );
  return seen;
}

describe('HydrationProvider', () => {
  it('renders a hydrated page as the server did first, then once more as hydrated', () => {
    expect(answers(true)).toEqual([false, true]);
  });

  it('renders a page the browser renders itself as hydrated from the start', () => {
    expect(answers(false)).toEqual([true]);
  });

  it('counts a component rendered without it as hydrated', () => {
    expect(answers()).toEqual([true]);
  });

  it('says once when the hydration is done, and never for a page the browser renders itself', () => {
    const hydrated = vi.fn();
    const { rerender } = render(
      <HydrationProvider hydrating onHydrated={hydrated}>
        {null}
      </HydrationProvider>,
    );
    rerender(
      <HydrationProvider hydrating onHydrated={hydrated}>
        {null}
      </HydrationProvider>,
    );
    expect(hydrated).toHaveBeenCalledTimes(1);

    const rendered = vi.fn();
    render(
      <HydrationProvider hydrating={false} onHydrated={rendered}>
        {null}
      </HydrationProvider>,
    );
    expect(rendered).not.toHaveBeenCalled();
  });
});
