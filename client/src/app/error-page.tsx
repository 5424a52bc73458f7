import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { paths } from './paths';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** What a render failure shows (spec §8): the generic heading and the error's message. */
export function ErrorPage() {
  const error = useRouteError();
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-16 sm:px-6">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <pre className="w-full overflow-x-auto rounded-lg bg-muted p-4 text-sm whitespace-pre-wrap">
        {messageOf(error)}
      </pre>
      <Button asChild variant="outline">
        <Link to={paths.home} reloadDocument>
          Go Home
        </Link>
      </Button>
    </div>
  );
}
