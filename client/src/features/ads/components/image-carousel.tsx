import type { AdImage } from '@bazaar/common/ads';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Suspense, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { lazyComponent } from '../../../lib/lazy-component';
import { AdImagePlaceholder } from './ad-image-placeholder';

// Opened after a press: the viewer's code (a Radix dialog, its gestures) is not in the ad page's first load.
const PhotoViewer = lazyComponent(async () => (await import('./photo-viewer')).PhotoViewer);

/**
 * The ad's photos (spec §2): previous/next, dots and thumbnails; arrow keys move between
 * photos when the photo or its previous/next buttons have focus; the photo opens the full-screen viewer (issue 14).
 * A placeholder when there are none.
 */
export function ImageCarousel({
  images,
  title,
  badge,
}: {
  images: AdImage[];
  title: string;
  badge?: ReactNode;
}) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];
  const show = (next: number) => setIndex((next + count) % count);
  const [isViewerOpen, setViewerOpen] = useState(false);
  const photoButton = useRef<HTMLButtonElement>(null);
  const photoName = count > 1 ? `${title}, photo ${index + 1} of ${count}` : title;

  return (
    <section aria-roledescription="carousel" aria-label="Photos" className="space-y-3">
      {/* The arrow keys of the photo's button and the previous/next buttons inside, which
          have focus in turn: the frame is no tab stop of its own, which would have no name. */}
      <div
        className="relative overflow-hidden rounded-xl border bg-muted"
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') show(index - 1);
          if (event.key === 'ArrowRight') show(index + 1);
        }}
      >
        <div className="aspect-[4/3] w-full">
          {current ? (
            <>
              <button
                ref={photoButton}
                type="button"
                className="size-full cursor-zoom-in focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden focus-visible:ring-inset"
                aria-label={`View ${photoName} full screen`}
                aria-haspopup="dialog"
                aria-expanded={isViewerOpen}
                onClick={() => setViewerOpen(true)}
              >
                <img
                  key={current.id}
                  src={current.url}
                  alt={photoName}
                  width={current.width ?? undefined}
                  height={current.height ?? undefined}
                  className="size-full object-contain"
                />
              </button>
              {isViewerOpen ? (
                <Suspense fallback={null}>
                  <PhotoViewer
                    images={images}
                    title={title}
                    index={Math.min(index, count - 1)}
                    onIndexChange={setIndex}
                    onOpenChange={setViewerOpen}
                    opener={photoButton}
                  />
                </Suspense>
              ) : null}
            </>
          ) : (
            <AdImagePlaceholder className="size-full" />
          )}
        </div>
        {badge ? <div className="absolute top-3 left-3">{badge}</div> : null}
        {count > 1 ? (
          <>
            <CarouselButton label="Previous photo" onClick={() => show(index - 1)} className="left-2">
              <ChevronLeft />
            </CarouselButton>
            <CarouselButton label="Next photo" onClick={() => show(index + 1)} className="right-2">
              <ChevronRight />
            </CarouselButton>
            {/* Each dot is a 24 px target (WCAG 2.5.8) around the 10 px dot people see. */}
            <div className="absolute inset-x-0 bottom-1 flex justify-center">
              {images.map((image, dot) => (
                <button
                  key={image.id}
                  type="button"
                  aria-label={`Show photo ${dot + 1}`}
                  aria-current={dot === index ? 'true' : undefined}
                  onClick={() => setIndex(dot)}
                  className="group/dot flex size-6 items-center justify-center rounded-full focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-hidden"
                >
                  <span
                    className={cn(
                      'size-2.5 rounded-full border border-white/70 shadow transition-colors',
                      dot === index ? 'bg-white' : 'bg-white/40 group-hover/dot:bg-white/70',
                    )}
                  />
                </button>
              ))}
            </div>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="flex gap-2 overflow-x-auto pb-1">
          {images.map((image, thumbnail) => (
            <button
              key={image.id}
              type="button"
              aria-label={`Photo ${thumbnail + 1}`}
              aria-current={thumbnail === index ? 'true' : undefined}
              onClick={() => setIndex(thumbnail)}
              className={cn(
                'h-16 w-20 shrink-0 overflow-hidden rounded-md border-2 transition-opacity',
                thumbnail === index ? 'border-primary' : 'border-transparent opacity-70 hover:opacity-100',
              )}
            >
              <img src={image.card_url} alt="" loading="lazy" className="size-full object-cover" />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

function CarouselButton({
  label,
  onClick,
  className,
  children,
}: {
  label: string;
  onClick: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        'absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-card/90 text-foreground shadow-md transition-colors hover:bg-card focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden [&_svg]:size-5',
        className,
      )}
    >
      {children}
    </button>
  );
}
