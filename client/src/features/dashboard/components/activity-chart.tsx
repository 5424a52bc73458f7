import type { DailyActivity } from '@bazaar/common/sellers';
import { useCallback, useId, useState, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn';
import { formatNumber, formatCount } from '../../../lib/format';

// Geometry in CSS pixels: the SVG is drawn at the width it is given, so text stays legible
// on a 360 px phone instead of shrinking with a scaled viewBox.
const LEFT = 36;
const RIGHT = 8;
const VIEWS_TOP = 22;
const VIEWS_HEIGHT = 140;
const LIKES_TOP = VIEWS_TOP + VIEWS_HEIGHT + 42;
const LIKES_HEIGHT = 72;
const AXIS_TOP = LIKES_TOP + LIKES_HEIGHT;
const HEIGHT = AXIS_TOP + 24;
const DEFAULT_WIDTH = 640;
/** Room one x-axis date label needs, so labels never overlap. */
const LABEL_WIDTH = 46;

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const asUtcDate = (day: string) => new Date(`${day}T00:00:00Z`);
export const formatShortDay = (day: string) => shortDate.format(asUtcDate(day));
const formatLongDay = (day: string) => longDate.format(asUtcDate(day));

const plural = (count: number, word: string) => `${formatNumber(count)} ${word}${count === 1 ? '' : 's'}`;

/** A round upper bound for an axis: 1, 2 or 5 times a power of ten. */
export function axisMaximum(largest: number): number {
  if (largest <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  const step = [1, 2, 5, 10].find((multiple) => multiple * power >= largest) ?? 10;
  return step * power;
}

/** The labelled days: every `stride`-th counted back from today, so today always has one. */
export function labelledDayIndexes(dayCount: number, plotWidth: number): number[] {
  const stride = Math.max(1, Math.ceil((dayCount * LABEL_WIDTH) / Math.max(plotWidth, 1)));
  const indexes: number[] = [];
  for (let index = dayCount - 1; index >= 0; index -= stride) indexes.unshift(index);
  return indexes;
}

function describeDay(day: DailyActivity): string {
  return `${formatLongDay(day.date)}: ${plural(day.views, 'view')}, ${plural(day.likes, 'like')}`;
}

/**
 * Views and likes per day as two bar panels over one date axis (likes are usually far
 * fewer than views, so each has its own scale). Pointer or arrow keys pick a day; its
 * numbers show in a tooltip and are announced; a table gives every day's figures.
 */
export function ActivityChart({ days }: { days: DailyActivity[] }) {
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const instructionsId = useId();

  const measure = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const plotWidth = width - LEFT - RIGHT;
  const band = plotWidth / Math.max(days.length, 1);
  const barWidth = Math.max(2, Math.min(24, band * 0.7));
  const viewsMax = axisMaximum(Math.max(0, ...days.map((day) => day.views)));
  const likesMax = axisMaximum(Math.max(0, ...days.map((day) => day.likes)));
  const centerOf = (index: number) => LEFT + band * index + band / 2;
  const active = activeIndex === null ? undefined : days[activeIndex];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = days.length - 1;
    const current = activeIndex ?? last;
    const next =
      event.key === 'ArrowLeft'
        ? Math.max(0, current - 1)
        : event.key === 'ArrowRight'
          ? Math.min(last, current + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setActiveIndex(next);
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm">
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm bg-primary" /> Views
        </span>
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm bg-rose-600" /> Likes
        </span>
      </div>

      <div
        ref={measure}
        role="group"
        tabIndex={0}
        aria-label={`Views and likes per day, ${formatLongDay(days[0]?.date ?? '')} to ${formatLongDay(days.at(-1)?.date ?? '')}`}
        aria-describedby={instructionsId}
        onKeyDown={onKeyDown}
        onFocus={() => setActiveIndex((index) => index ?? days.length - 1)}
        onBlur={() => setActiveIndex(null)}
        className="relative w-full rounded-md outline-none focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
      >
        <p id={instructionsId} className="sr-only">
          Use the left and right arrow keys to hear each day&apos;s numbers.
        </p>
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          aria-hidden="true"
          className="block max-w-full touch-pan-y select-none"
          onPointerLeave={() => setActiveIndex(null)}
        >
          <Panel top={VIEWS_TOP} height={VIEWS_HEIGHT} maximum={viewsMax} title="Views" width={width} />
          <Panel top={LIKES_TOP} height={LIKES_HEIGHT} maximum={likesMax} title="Likes" width={width} />

          {active ? (
            <rect
              x={LEFT + band * activeIndex!}
              y={VIEWS_TOP}
              width={band}
              height={AXIS_TOP - VIEWS_TOP}
              className="fill-muted"
            />
          ) : null}

          {days.map((day, index) => {
            const viewsHeight = (day.views / viewsMax) * VIEWS_HEIGHT;
            const likesHeight = (day.likes / likesMax) * LIKES_HEIGHT;
            const x = centerOf(index) - barWidth / 2;
            return (
              <g key={day.date} data-date={day.date}>
                <rect
                  x={x}
                  y={VIEWS_TOP + VIEWS_HEIGHT - viewsHeight}
                  width={barWidth}
                  height={viewsHeight}
                  rx={Math.min(2, barWidth / 4)}
                  className="fill-primary"
                />
                <rect
                  x={x}
                  y={LIKES_TOP + LIKES_HEIGHT - likesHeight}
                  width={barWidth}
                  height={likesHeight}
                  rx={Math.min(2, barWidth / 4)}
                  className="fill-rose-600"
                />
                {/* The whole column answers the pointer, however short its bars. */}
                <rect
                  x={LEFT + band * index}
                  y={VIEWS_TOP}
                  width={band}
                  height={AXIS_TOP - VIEWS_TOP}
                  fill="transparent"
                  onPointerEnter={() => setActiveIndex(index)}
                  onPointerDown={() => setActiveIndex(index)}
                />
              </g>
            );
          })}

          {labelledDayIndexes(days.length, plotWidth).map((index) => (
            <text
              key={index}
              // Kept inside the drawing, so the first and last dates are never cut off.
              x={Math.min(Math.max(centerOf(index), LEFT + LABEL_WIDTH / 2), width - LABEL_WIDTH / 2)}
              y={AXIS_TOP + 16}
              textAnchor="middle"
              className="fill-muted-foreground text-[11px]"
            >
              {formatShortDay(days[index]!.date)}
            </text>
          ))}
        </svg>

        {active ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute top-0 z-10 w-max rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md"
            // Beside the chosen day, on the side with more room, so it never hides that day's bars.
            style={
              centerOf(activeIndex!) > width / 2
                ? { right: width - (LEFT + band * activeIndex!) + 6 }
                : { left: LEFT + band * (activeIndex! + 1) + 6 }
            }
          >
            <p className="font-semibold">{formatLongDay(active.date)}</p>
            <p className="mt-1 flex items-center gap-1.5">
              <span className="size-2 rounded-sm bg-primary" /> {plural(active.views, 'view')}
            </p>
            <p className="flex items-center gap-1.5">
              <span className="size-2 rounded-sm bg-rose-600" /> {plural(active.likes, 'like')}
            </p>
          </div>
        ) : null}
        <p aria-live="polite" className="sr-only">
          {active ? describeDay(active) : ''}
        </p>
      </div>

      <details className="group rounded-md border">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium focus-visible:rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden">
          Show daily numbers
        </summary>
        <div className="max-h-80 overflow-y-auto border-t">
          <table className="w-full text-sm">
            <caption className="sr-only">Views and likes of your ads per day</caption>
            <thead className="sticky top-0 bg-card">
              <tr className="border-b text-left">
                <th scope="col" className="px-3 py-2 font-medium">
                  Date
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Views
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Likes
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.date} className="border-b last:border-0">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">
                    {formatLongDay(day.date)}
                  </th>
                  <td
                    className={cn(
                      'px-3 py-1.5 text-right tabular-nums',
                      day.views === 0 && 'text-muted-foreground',
                    )}
                  >
                    {formatNumber(day.views)}
                  </td>
                  <td
                    className={cn(
                      'px-3 py-1.5 text-right tabular-nums',
                      day.likes === 0 && 'text-muted-foreground',
                    )}
                  >
                    {formatNumber(day.likes)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

/** A panel's title, gridlines and scale: 0, half way (when whole) and the maximum. */
function Panel({
  top,
  height,
  maximum,
  title,
  width,
}: {
  top: number;
  height: number;
  maximum: number;
  title: string;
  width: number;
}) {
  const ticks = [0, maximum / 2, maximum].filter((tick) => Number.isInteger(tick));
  return (
    <g>
      <text x={LEFT} y={top - 8} className="fill-foreground text-[12px] font-medium">
        {title}
      </text>
      {ticks.map((tick) => {
        const y = top + height - (tick / maximum) * height;
        return (
          <g key={tick}>
            <line
              x1={LEFT}
              x2={width - RIGHT}
              y1={y}
              y2={y}
              className={tick === 0 ? 'stroke-border' : 'stroke-border/70'}
              strokeDasharray={tick === 0 ? undefined : '3 3'}
            />
            <text
              x={LEFT - 6}
              y={y + 4}
              textAnchor="end"
              className="fill-muted-foreground text-[11px] tabular-nums"
            >
              {formatCount(tick)}
            </text>
          </g>
        );
      })}
    </g>
  );
}
