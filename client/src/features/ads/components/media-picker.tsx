import {
  IMAGE_MAX_BYTES,
  MAX_IMAGES_PER_AD,
  MAX_VIDEOS_PER_AD,
  VIDEO_MAX_BYTES,
} from '@bazaar/common/constants';
import { Film, ImagePlus, Video, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';

export type MediaKind = 'image' | 'video';

/** A chosen file waiting to be uploaded (spec §3: id, name, preview URL, file). */
export interface UploadItem {
  id: string;
  name: string;
  previewUrl: string;
  file: File;
}

/** A photo or video already stored with the ad (when editing). */
export interface StoredMedia {
  id: string;
  previewUrl: string;
}

const rules = {
  image: {
    max: MAX_IMAGES_PER_AD,
    maxBytes: IMAGE_MAX_BYTES,
    accept: 'image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif',
    types: ['image/png', 'image/jpeg', 'image/gif'],
    extensions: /\.(png|jpe?g|gif)$/i,
    plural: 'images',
    hint: 'PNG, JPG or GIF, up to 10 MB each, at most 10.',
  },
  video: {
    max: MAX_VIDEOS_PER_AD,
    maxBytes: VIDEO_MAX_BYTES,
    accept: 'video/mp4,video/quicktime,.mp4,.mov',
    types: ['video/mp4', 'video/quicktime'],
    extensions: /\.(mp4|mov)$/i,
    plural: 'videos',
    hint: 'MP4 or MOV, up to 50 MB each, at most 2.',
  },
} as const;

const MEGABYTE = 1024 * 1024;
let nextItemId = 0;

function refuseFile(name: string, kind: MediaKind) {
  toast({
    title: 'File not accepted',
    description: `"${name}" is not ${kind === 'image' ? 'a PNG, JPG or GIF image' : 'an MP4 or MOV video'}.`,
    variant: 'destructive',
  });
}

/**
 * The files chosen for one kind of media, with their preview URLs (revoked when a file is
 * removed or the form goes away). The server checks everything again; these checks only
 * spare people a long upload that would be refused.
 */
export function useUploadItems(kind: MediaKind) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);
  useEffect(() => () => itemsRef.current.forEach((item) => URL.revokeObjectURL(item.previewUrl)), []);

  /** Adds files; refuses the whole choice when it would go over the limit (spec §5). */
  function add(files: File[], alreadyStored: number): void {
    const rule = rules[kind];
    if (alreadyStored + items.length + files.length > rule.max) {
      toast({
        title: `Too Many ${rule.plural}`,
        description: `You can upload a maximum of ${rule.max} ${rule.plural}.`,
        variant: 'destructive',
      });
      return;
    }
    const accepted: UploadItem[] = [];
    for (const file of files) {
      // Some systems give no type for a file; its name then decides (the server checks the content).
      const isAcceptedType = file.type
        ? (rule.types as readonly string[]).includes(file.type)
        : rule.extensions.test(file.name);
      if (!isAcceptedType) {
        refuseFile(file.name, kind);
      } else if (file.size > rule.maxBytes) {
        toast({
          title: 'File too large',
          description: `"${file.name}" is larger than ${rule.maxBytes / MEGABYTE} MB.`,
          variant: 'destructive',
        });
      } else {
        nextItemId += 1;
        accepted.push({
          id: `${kind}-${nextItemId}`,
          name: file.name,
          previewUrl: URL.createObjectURL(file),
          file,
        });
      }
    }
    setItems((current) => [...current, ...accepted]);
  }

  function remove(id: string): void {
    const item = items.find((candidate) => candidate.id === id);
    if (item) URL.revokeObjectURL(item.previewUrl);
    setItems((current) => current.filter((candidate) => candidate.id !== id));
  }

  /** A chosen file whose preview the browser could not read: named as an image, it is not one. */
  function refuseUnreadable(id: string): void {
    const item = items.find((candidate) => candidate.id === id);
    if (!item) return;
    refuseFile(item.name, kind);
    remove(id);
  }

  return { items, add, remove, refuseUnreadable };
}

export function MediaPicker({
  kind,
  items,
  stored = [],
  onAdd,
  onRemove,
  onRemoveStored,
  onUnreadable,
  disabled,
}: {
  kind: MediaKind;
  items: UploadItem[];
  stored?: StoredMedia[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  /** A chosen photo's preview could not be read (videos: the browser may lack the codec). */
  onUnreadable?: (id: string) => void;
  onRemoveStored?: (id: string) => void;
  disabled?: boolean;
}) {
  const inputId = useId();
  const rule = rules[kind];
  const total = stored.length + items.length;
  const label = kind === 'image' ? 'Photos' : 'Videos';
  const Icon = kind === 'image' ? ImagePlus : Video;

  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium">
        {label}
        {kind === 'image' ? <span className="text-destructive"> *</span> : null}{' '}
        <span className="font-normal text-muted-foreground">
          ({total} / {rule.max})
        </span>
      </legend>
      <p className="text-xs text-muted-foreground">{rule.hint}</p>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-5">
        {stored.map((media, index) => (
          <PreviewTile
            key={media.id}
            kind={kind}
            previewUrl={media.previewUrl}
            name={`${kind === 'image' ? 'Photo' : 'Video'} ${index + 1}`}
            onRemove={onRemoveStored ? () => onRemoveStored(media.id) : undefined}
          />
        ))}
        {items.map((item) => (
          <PreviewTile
            key={item.id}
            kind={kind}
            previewUrl={item.previewUrl}
            name={item.name}
            onRemove={() => onRemove(item.id)}
            onUnreadable={onUnreadable ? () => onUnreadable(item.id) : undefined}
          />
        ))}
        {total < rule.max ? (
          <li>
            <label
              htmlFor={inputId}
              className={cn(
                'flex aspect-square cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed text-xs text-muted-foreground transition-colors hover:border-primary hover:text-primary',
                'has-[:focus-visible]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/30',
                disabled && 'pointer-events-none opacity-50',
              )}
            >
              <Icon className="size-6" aria-hidden="true" />
              {kind === 'image' ? 'Add photos' : 'Add videos'}
              <input
                id={inputId}
                type="file"
                multiple
                accept={rule.accept}
                aria-label={kind === 'image' ? 'Add photos' : 'Add videos'}
                className="sr-only"
                onChange={(event) => {
                  onAdd(Array.from(event.target.files ?? []));
                  // Choosing the same file again must fire another change.
                  event.target.value = '';
                }}
              />
            </label>
          </li>
        ) : null}
      </ul>
    </fieldset>
  );
}

function PreviewTile({
  kind,
  previewUrl,
  name,
  onRemove,
  onUnreadable,
}: {
  kind: MediaKind;
  previewUrl: string;
  name: string;
  onRemove?: () => void;
  onUnreadable?: () => void;
}) {
  return (
    <li className="relative aspect-square overflow-hidden rounded-lg border bg-muted">
      {kind === 'image' ? (
        <img src={previewUrl} alt={name} onError={onUnreadable} className="size-full object-cover" />
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-1 p-1 text-center text-xs text-muted-foreground">
          <video
            src={previewUrl}
            muted
            preload="metadata"
            className="absolute inset-0 size-full object-cover"
          />
          <Film className="relative size-5" aria-hidden="true" />
          <span className="relative line-clamp-2 rounded bg-card/80 px-1 break-all">{name}</span>
        </div>
      )}
      {onRemove ? (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${name}`}
          className="absolute top-1 right-1 flex size-7 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          <X className="size-4" />
        </button>
      ) : null}
    </li>
  );
}
