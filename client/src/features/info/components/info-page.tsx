import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';

/** The frame of a written page (help, safety, terms, privacy): a title, a date, readable prose. */
export function InfoPage({
  title,
  description,
  updated,
  children,
}: {
  title: string;
  description: string;
  updated?: string;
  children: ReactNode;
}) {
  usePageMeta(title, description, useLocation().pathname);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted-foreground">{description}</p>
      {updated ? <p className="mt-1 text-sm text-muted-foreground">Last updated {updated}</p> : null}
      <div className="mt-8 space-y-8 leading-relaxed [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:mt-1 [&_p]:mt-2 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
    </article>
  );
}
