import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One item of the moderation queue, as every kind of item is laid out: on a phone a thumbnail
 * beside what it is, who it is about below; wider, picture, what it is and who side by side.
 * What follows the three (actions, a transcript) comes after them.
 */
export function QueueCard({
  headingId,
  imageUrl,
  placeholderIcon: Placeholder,
  body,
  aside,
  children,
}: {
  /** The id of the item's heading, inside `body`: the card's name. */
  headingId: string;
  imageUrl: string | null;
  /** Shown instead of the picture when there is none. */
  placeholderIcon: LucideIcon;
  body: ReactNode;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <article aria-labelledby={headingId} className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
      <div className="grid grid-cols-[5rem_minmax(0,1fr)] gap-4 sm:grid-cols-[8rem_minmax(0,1fr)] md:grid-cols-[10rem_minmax(0,1fr)_16rem]">
        <div className="self-start overflow-hidden rounded-lg bg-muted">
          {imageUrl ? (
            <img
              src={imageUrl}
              alt=""
              width={640}
              height={480}
              className="aspect-[4/3] w-full object-cover"
            />
          ) : (
            <span className="flex aspect-[4/3] items-center justify-center text-muted-foreground">
              <Placeholder className="size-8" aria-hidden="true" />
            </span>
          )}
        </div>
        <div className="grid min-w-0 content-start gap-3">{body}</div>
        {aside}
      </div>
      {children}
    </article>
  );
}
