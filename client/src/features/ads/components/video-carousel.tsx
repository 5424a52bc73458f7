import type { AdVideo } from '@bazaar/common/ads';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';

/** The ad's videos, one at a time, when it has any (spec §2). */
export function VideoCarousel({ videos }: { videos: AdVideo[] }) {
  const [index, setIndex] = useState(0);
  const current = videos[Math.min(index, videos.length - 1)];
  if (!current) return null;
  const show = (next: number) => setIndex((next + videos.length) % videos.length);
  return (
    <section aria-label="Videos" className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold">Videos</h2>
        {videos.length > 1 ? (
          <div className="flex items-center gap-1 text-sm text-muted-foreground">
            <Button variant="ghost" size="icon" aria-label="Previous video" onClick={() => show(index - 1)}>
              <ChevronLeft />
            </Button>
            <span>
              {index + 1} / {videos.length}
            </span>
            <Button variant="ghost" size="icon" aria-label="Next video" onClick={() => show(index + 1)}>
              <ChevronRight />
            </Button>
          </div>
        ) : null}
      </div>
      <video
        key={current.id}
        controls
        preload="metadata"
        className="aspect-video w-full rounded-xl border bg-black"
        aria-label={`Video ${index + 1} of ${videos.length}`}
        // No type hint: browsers play many MOV files although they decline "video/quicktime".
        src={current.url}
      >
        Your browser cannot play this video.
      </video>
    </section>
  );
}
