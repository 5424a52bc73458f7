import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { usePageMeta } from '../lib/page-meta';
import { paths } from './paths';

export function NotFoundPage() {
  usePageMeta('Page Not Found');
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
      <SearchX className="size-12 text-muted-foreground" />
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to={paths.home}>Go Home</Link>
      </Button>
    </div>
  );
}
