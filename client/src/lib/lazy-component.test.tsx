import { act, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

function renderInBoundary(Component: ComponentType<{ name: string }>) {
  return render(
    <Suspense fallback={<p>Loading…</p>}>
      <Component name="Iris" />
    </Suspense>,
  );
}

describe('lazyComponent', () => {
  it('fetches its code on its first render, showing the placeholder until it is there', async () => {
    const load = vi.fn(async () => Greeting);
    const LazyGreeting = lazyComponent(load);
    renderInBoundary(LazyGreeting);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('Hello, Iris')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it('once preloaded, renders at once, and fetches only once', async () => {
    const load = vi.fn(async () => Greeting);
    const LazyGreeting = lazyComponent(load);
    await act(() => Promise.all([LazyGreeting.preload(), LazyGreeting.preload()]));
    renderInBoundary(LazyGreeting);
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(screen.getByText('Hello, Iris')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });
});
