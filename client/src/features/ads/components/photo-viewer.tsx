import type { AdImage } from '@bazaar/common/ads';
import { ChevronLeft, ChevronRight, XIcon, ZoomIn, ZoomOut } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useRef, useState, type PointerEvent, type ReactNode, type RefObject } from 'react';
import { cn } from '../../../lib/cn';

const ZOOM_STEP = 2.5;
const ZOOM_MAX = 4;
/** A horizontal move this long (px) on an unzoomed photo is a swipe to the next or previous. */
const SWIPE_PX = 50;
/** Two taps this close (ms) are a double tap. */
const DOUBLE_TAP_MS = 300;

interface Point {
  x: number;
  y: number;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * The ad's photos full screen (issue 14), a Radix dialog: previous/next buttons, ← and → keys,
 * swipe; zoom with the button, a double click or double tap, or a pinch; drag to look around a
 * zoomed photo. Escape and Close end it and focus returns to the photo that opened it. Open
 * while shown: ImageCarousel loads it when a photo is first opened.
 */
export function PhotoViewer({
  images,
  title,
  index,
  onIndexChange,
  onOpenChange,
  opener,
}: {
  /** What opened the viewer (the carousel's photo): the focus returns to it on close. */
  opener: RefObject<HTMLElement | null>;
  images: AdImage[];
  title: string;
  index: number;
  onIndexChange: (index: number) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const count = images.length;
  const current = images[Math.min(index, count - 1)];
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ start: Point; startOffset: Point; pinchDistance?: number; pinchZoom?: number }>(
    null,
  );
  const lastTap = useRef(0);

  const resetZoom = () => {
    setZoom(1);
    setOffset({ x: 0, y: 0 });
  };
  const show = (next: number) => {
    if (count < 2) return;
    resetZoom();
    onIndexChange((next + count) % count);
  };
  const toggleZoom = () => (zoom > 1 ? resetZoom() : setZoom(ZOOM_STEP));

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const [first, second] = [...pointers.current.values()];
    gesture.current =
      first && second
        ? { start: first, startOffset: offset, pinchDistance: distance(first, second), pinchZoom: zoom }
        : { start: point, startOffset: offset };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [first, second] = [...pointers.current.values()];
    const { start, startOffset, pinchDistance, pinchZoom } = gesture.current;
    if (first && second && pinchDistance && pinchZoom) {
      const next = Math.min(ZOOM_MAX, Math.max(1, (pinchZoom * distance(first, second)) / pinchDistance));
      setZoom(next);
      if (next === 1) setOffset({ x: 0, y: 0 });
    } else if (zoom > 1 && first) {
      setOffset({ x: startOffset.x + first.x - start.x, y: startOffset.y + first.y - start.y });
    }
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const started = gesture.current;
    const wasSingle = pointers.current.size === 1;
    pointers.current.delete(event.pointerId);
    if (pointers.current.size > 0 || !started) return;
    gesture.current = null;
    if (!wasSingle || started.pinchDistance) return;
    const moved = event.clientX - started.start.x;
    if (zoom === 1 && Math.abs(moved) > SWIPE_PX) {
      show(moved < 0 ? index + 1 : index - 1);
      return;
    }
    // A double tap on a touch screen; a mouse has double click.
    if (event.pointerType === 'touch' && Math.abs(moved) < 10) {
      if (event.timeStamp - lastTap.current < DOUBLE_TAP_MS) {
        lastTap.current = 0;
        toggleZoom();
      } else {
        lastTap.current = event.timeStamp;
      }
    }
  }

  return (
    <DialogPrimitive.Root open onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/95" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-black text-white outline-none focus-visible:outline-hidden"
          onKeyDown={(event) => {
            if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
            // React carries the key through the portal to the carousel, which would move too.
            event.stopPropagation();
            show(event.key === 'ArrowLeft' ? index - 1 : index + 1);
          }}
        >
          <div className="flex items-center gap-3 px-4 py-3">
            <div className="min-w-0 flex-1">
              <DialogPrimitive.Title className="truncate text-base font-semibold">
                {title}
              </DialogPrimitive.Title>
              {count > 1 ? (
                <p className="text-sm text-white/80" aria-live="polite">
                  Photo {index + 1} of {count}
                </p>
              ) : null}
            </div>
            <ViewerButton label={zoom > 1 ? 'Zoom out' : 'Zoom in'} onClick={toggleZoom}>
              {zoom > 1 ? <ZoomOut /> : <ZoomIn />}
            </ViewerButton>
            <DialogPrimitive.Close asChild>
              <ViewerButton label="Close">
                <XIcon />
              </ViewerButton>
            </DialogPrimitive.Close>
          </div>
          <div
            className={cn(
              'relative flex min-h-0 flex-1 touch-none items-center justify-center overflow-hidden select-none',
              zoom > 1 ? 'cursor-grab' : 'cursor-zoom-in',
            )}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onDoubleClick={toggleZoom}
          >
            {current ? (
              <img
                key={current.id}
                src={current.url}
                alt={count > 1 ? `${title}, photo ${index + 1} of ${count}` : title}
                width={current.width ?? undefined}
                height={current.height ?? undefined}
                draggable={false}
                className="max-h-full max-w-full object-contain transition-transform duration-100"
                style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${zoom})` }}
              />
            ) : null}
            {count > 1 ? (
              <>
                <ViewerButton
                  label="Previous photo"
                  onClick={() => show(index - 1)}
                  className="absolute top-1/2 left-2 -translate-y-1/2 sm:left-4"
                >
                  <ChevronLeft />
                </ViewerButton>
                <ViewerButton
                  label="Next photo"
                  onClick={() => show(index + 1)}
                  className="absolute top-1/2 right-2 -translate-y-1/2 sm:right-4"
                >
                  <ChevronRight />
                </ViewerButton>
              </>
            ) : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function ViewerButton({
  label,
  onClick,
  className,
  children,
  ...props
}: {
  label: string;
  onClick?: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      // Buttons on the photo must not start a swipe or a drag.
      onPointerDown={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
      className={cn(
        'flex size-11 shrink-0 items-center justify-center rounded-full border border-white/30 bg-black/60 text-white transition-colors hover:bg-black/80 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-hidden [&_svg]:size-6',
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}
