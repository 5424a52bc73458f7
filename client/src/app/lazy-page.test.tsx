import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { Link, MemoryRouter, Outlet, useRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './error-page';
import { lazyPage, usePageLoading, type LazyPage } from './lazy-page';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A page module that arrives when the test says so. */
function pageModule(text: string) {
  let arrive: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const module = new Promise<{ Page: ComponentType }>((resolve, reject) => {
    arrive = () => resolve({ Page: () => <h1>{text}</h1> });
    fail = reject;
  });
  const load = vi.fn(() => module);
  return { load, arrive, fail };
}

/** The app's layout in small: links, the progress bar, an error boundary around the page. */
function Layout() {
  const loading = usePageLoading();
  return (
    <>
      <Link to="/">Home</Link>
      <Link to="/next">Next</Link>
      {loading ? <div role="progressbar" aria-label="Loading page" /> : null}
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
    </>
  );
}

function App({ next }: { next: LazyPage }) {
  return useRoutes([
    {
      element: <Layout />,
      children: [
        { index: true, element: <h1>Home page</h1> },
        { path: 'next', Component: next },
      ],
    },
  ]);
}

function renderAt(url: string, next: LazyPage) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <App next={next} />
    </MemoryRouter>,
  );
}

describe('a code-split page', () => {
  it('keeps the page a link was followed from, with a progress bar, until its code is there', async () => {
    const next = pageModule('Next page');
    renderAt(
      '/',
      lazyPage(next.load, (module) => module.Page),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Next' }));

    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    next.arrive();
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
  });

  it('renders at once when its code was loaded before (a page hydrated from the server’s HTML)', async () => {
    const next = pageModule('Next page');
    const page = lazyPage(next.load, (module) => module.Page);
    next.arrive();
    await page.load();
    await page.load();

    renderAt('/next', page);
    expect(screen.getByRole('heading', { name: 'Next page' })).toBeInTheDocument();
    expect(next.load).toHaveBeenCalledOnce();
  });

  it('shows the error page when its code cannot be fetched, and leaves it for another page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const next = pageModule('Next page');
    renderAt(
      '/',
      lazyPage(next.load, (module) => module.Page),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    next.fail(new Error('Failed to fetch dynamically imported module'));

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
  });
});
