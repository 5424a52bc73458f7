import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { paths } from './paths';

/** What a render failure shows (spec §8): the generic heading and the error's message. */
function ErrorPage({ error }: { error: unknown }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-16 sm:px-6">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <pre className="w-full overflow-x-auto rounded-lg bg-muted p-4 text-sm whitespace-pre-wrap">
        {error instanceof Error ? error.message : String(error)}
      </pre>
      <Button asChild variant="outline">
        <Link to={paths.home} reloadDocument>
          Go Home
        </Link>
      </Button>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The address shown: another one renders the children again. */
  locationKey: string;
}

interface BoundaryState {
  failure: { error: unknown } | null;
  locationKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey ? null : { failure: null, locationKey: props.locationKey };
  }

  override render() {
    return this.state.failure ? <ErrorPage error={this.state.failure.error} /> : this.props.children;
  }
}

/**
 * Shows the error page in place of its children when they fail to render (or a page's code
 * fails to load), until a link or Back leads elsewhere.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <ErrorBoundary locationKey={key}>{children}</ErrorBoundary>;
}
