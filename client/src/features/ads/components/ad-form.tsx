import {
  AD_IMAGE_FIELD,
  AD_VIDEO_FIELD,
  createAdFieldsSchema,
  type CreateAdFields,
  type CreateAdFieldsInput,
} from '@bazaar/common/ads';
import {
  AD_DESCRIPTION_MAX_LENGTH,
  AD_LOCATION_MAX_LENGTH,
  AD_TITLE_MAX_LENGTH,
} from '@bazaar/common/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Progress } from '../../../components/ui/progress';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useCategories } from '../../categories/api';
import { PlaceCombobox } from '../../places/components/place-combobox';
import { MediaPicker, useUploadItems, type StoredMedia } from './media-picker';

const REQUIRED_FIELDS = ['title', 'description', 'price', 'category', 'location'] as const;

const emptyFields: CreateAdFieldsInput = {
  title: '',
  description: '',
  price: '',
  category: '',
  location: '',
  place_id: null,
};

export interface AdFormSubmission {
  /** The form to send: the text fields, new files, and stored media to remove. */
  form: FormData;
}

/**
 * The ad form of /post-ad and /ad/:id/edit (spec §2, §5): title, description with a live
 * counter, price, category, location, photos and videos with previews and removal.
 * Validation uses the same schema as the server; files are checked on the server too.
 */
export function AdForm({
  initialFields = emptyFields,
  storedImages = [],
  storedVideos = [],
  isPending,
  uploadPercent,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
  cancelLabel = 'Cancel',
}: {
  initialFields?: CreateAdFieldsInput;
  storedImages?: StoredMedia[];
  storedVideos?: StoredMedia[];
  isPending: boolean;
  /** 0–100 while the form uploads; null before. */
  uploadPercent: number | null;
  submitLabel: string;
  pendingLabel: string;
  /** Sends the ad; settles once it is saved or refused (the page says which). */
  onSubmit: (submission: AdFormSubmission) => Promise<unknown>;
  onCancel: () => void;
  cancelLabel?: string;
}) {
  const { data: categories } = useCategories();
  const images = useUploadItems('image');
  const videos = useUploadItems('video');
  const [removedIds, setRemovedIds] = useState<string[]>([]);
  const keptImages = storedImages.filter((media) => !removedIds.includes(media.id));
  const keptVideos = storedVideos.filter((media) => !removedIds.includes(media.id));
  const imageCount = keptImages.length + images.items.length;

  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<CreateAdFieldsInput, unknown, CreateAdFields>({
    resolver: zodResolver(createAdFieldsSchema),
    defaultValues: initialFields,
  });
  const descriptionLength = useWatch({ control, name: 'description' }).length;
  const placeId = (useWatch({ control, name: 'place_id' }) as number | null | undefined) ?? null;

  // The page has said why a send failed: the form stays as it was for another try.
  const sendOnce = useOneAtATime(async (submission: AdFormSubmission) => {
    await onSubmit(submission).catch(() => undefined);
  });

  function warnMissingInformation() {
    toast({
      title: 'Missing Information',
      description: 'Please fill all required fields and upload at least one image.',
      variant: 'destructive',
    });
  }

  const submit = handleSubmit(
    (fields) => {
      if (imageCount === 0) return warnMissingInformation();
      const form = new FormData();
      // Text first: the server reads the fields before it receives the files.
      for (const name of REQUIRED_FIELDS) form.append(name, String(fields[name]));
      // Blank: the location is free text (and an edit forgets the place it had).
      form.append('place_id', fields.place_id ? String(fields.place_id) : '');
      for (const id of removedIds) form.append('remove_media', id);
      for (const item of images.items) form.append(AD_IMAGE_FIELD, item.file, item.name);
      for (const item of videos.items) form.append(AD_VIDEO_FIELD, item.file, item.name);
      return sendOnce({ form });
    },
    () => {
      const values = getValues();
      const isMissing =
        REQUIRED_FIELDS.some((name) => !String(values[name] ?? '').trim()) || imageCount === 0;
      if (isMissing) warnMissingInformation();
    },
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
      <Field label="Title" htmlFor="ad-title" error={errors.title?.message}>
        <Input
          id="ad-title"
          maxLength={AD_TITLE_MAX_LENGTH}
          placeholder="What are you selling?"
          aria-invalid={Boolean(errors.title)}
          aria-describedby={descriptionOf('ad-title', { error: errors.title })}
          {...register('title')}
        />
      </Field>

      <Field
        label="Description"
        htmlFor="ad-description"
        error={errors.description?.message}
        aside={
          <span className="text-xs text-muted-foreground" aria-live="polite">
            {descriptionLength}/{AD_DESCRIPTION_MAX_LENGTH}
          </span>
        }
      >
        <Textarea
          id="ad-description"
          rows={6}
          maxLength={AD_DESCRIPTION_MAX_LENGTH}
          placeholder="Condition, size, what is included, how to pick it up…"
          aria-invalid={Boolean(errors.description)}
          aria-describedby={descriptionOf('ad-description', { error: errors.description })}
          {...register('description')}
        />
      </Field>

      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="Price (USD)" htmlFor="ad-price" error={errors.price?.message}>
          <Input
            id="ad-price"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0.00"
            aria-invalid={Boolean(errors.price)}
            aria-describedby={descriptionOf('ad-price', { error: errors.price })}
            {...register('price')}
          />
        </Field>
        <Field
          label="Category"
          htmlFor="ad-category"
          error={errors.category ? 'Choose a category.' : undefined}
        >
          <Controller
            control={control}
            name="category"
            render={({ field }) => (
              <Select
                id="ad-category"
                aria-invalid={Boolean(errors.category)}
                aria-describedby={descriptionOf('ad-category', { error: errors.category })}
                {...field}
                className={field.value ? undefined : '[&>select]:text-muted-foreground'}
              >
                <option value="" disabled hidden>
                  Select a category
                </option>
                {(categories ?? []).map((category) => (
                  <option key={category.id} value={category.id} className="text-foreground">
                    {category.name}
                  </option>
                ))}
              </Select>
            )}
          />
        </Field>
      </div>

      <Field
        label="Location"
        htmlFor="ad-location"
        error={errors.location?.message ?? errors.place_id?.message}
        hint="Choose a suggested place so buyers searching nearby find your ad, or type your own."
      >
        <Controller
          control={control}
          name="location"
          render={({ field }) => (
            <PlaceCombobox
              id="ad-location"
              describedBy={descriptionOf('ad-location', {
                hint: true,
                error: errors.location ?? errors.place_id,
              })}
              name={field.name}
              text={field.value}
              placeId={placeId}
              maxLength={AD_LOCATION_MAX_LENGTH}
              placeholder="City, State"
              invalid={Boolean(errors.location)}
              onBlur={field.onBlur}
              onChange={({ text, place }) => {
                field.onChange(text);
                setValue('place_id', place?.id ?? null);
              }}
            />
          )}
        />
      </Field>

      <MediaPicker
        kind="image"
        items={images.items}
        stored={keptImages}
        onAdd={(files) => images.add(files, keptImages.length)}
        onRemove={images.remove}
        onUnreadable={images.refuseUnreadable}
        onRemoveStored={(id) => setRemovedIds((ids) => [...ids, id])}
        disabled={isPending}
      />
      <MediaPicker
        kind="video"
        items={videos.items}
        stored={keptVideos}
        onAdd={(files) => videos.add(files, keptVideos.length)}
        onRemove={videos.remove}
        onRemoveStored={(id) => setRemovedIds((ids) => [...ids, id])}
        disabled={isPending}
      />

      {uploadPercent !== null && isPending ? (
        <div className="space-y-1.5" role="status">
          <Progress value={uploadPercent} aria-label="Upload progress" />
          <p className="text-sm text-muted-foreground">
            {uploadPercent < 100 ? `Uploading… ${uploadPercent}%` : 'Processing your photos…'}
          </p>
        </div>
      ) : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={isPending}>
          {cancelLabel}
        </Button>
        <Button type="submit" disabled={isPending} className="sm:min-w-36">
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * What describes a field, for its `aria-describedby`: its hint and its error while shown
 * (Field writes them with these ids), so a screen reader says why when the field is focused.
 */
function descriptionOf(htmlFor: string, { hint = false, error }: { hint?: boolean; error?: unknown }) {
  const ids = [hint ? `${htmlFor}-hint` : null, error ? `${htmlFor}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function Field({
  label,
  htmlFor,
  error,
  hint,
  aside,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string;
  /** A line under the field, named by it as `${htmlFor}-hint`. */
  hint?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={htmlFor}>
          {label} <span className="text-destructive">*</span>
        </Label>
        {aside}
      </div>
      {children}
      {hint ? (
        <p id={`${htmlFor}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${htmlFor}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
