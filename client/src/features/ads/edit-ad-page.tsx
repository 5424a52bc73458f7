import type { AdStatus } from '@bazaar/common/ads';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../app/paths';
import { GateCard } from '../../components/gate-card';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { useSignedInUser } from '../auth/require-sign-in';
import { useUpdateAd } from './ad-actions';
import { useAd } from './api';
import { AdForm, type AdFormSubmission } from './components/ad-form';
import { DeleteAdButton } from './components/delete-ad-button';

/** /ad/:id/edit: the owner changes an ad's fields, photos and videos, or deletes it. */
export function EditAdPage() {
  const { id = '' } = useParams();
  usePageMeta('Edit Ad');
  const navigate = useNavigate();
  const currentUser = useSignedInUser();
  const ad = useAd(id);
  const updateAd = useUpdateAd();
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);

  if (ad.isPending) {
    return (
      <Frame>
        <Skeleton className="h-96 w-full rounded-xl" />
      </Frame>
    );
  }
  if (ad.isError) {
    const isMissing = ad.error instanceof ApiError && (ad.error.status === 404 || ad.error.status === 400);
    return (
      <Refusal
        title={isMissing ? 'Ad Not Found' : 'Error fetching ads'}
        text={isMissing ? 'This ad does not exist or has been removed.' : ad.error.message}
      >
        <Button asChild>
          <Link to={paths.home}>Go Home</Link>
        </Button>
      </Refusal>
    );
  }
  if (ad.data.user_id !== currentUser.user.id) {
    return (
      <Refusal title="Access Denied" text="You can only edit your own ads.">
        <Button asChild>
          <Link to={paths.ad(ad.data.id)}>View Ad</Link>
        </Button>
      </Refusal>
    );
  }

  const current = ad.data;
  function submit({ form }: AdFormSubmission) {
    setUploadPercent(0);
    return updateAd.mutateAsync(
      {
        id: current.id,
        form,
        onProgress: ({ loaded, total }) => setUploadPercent(Math.round((loaded / total) * 100)),
      },
      {
        onSuccess: (ad) => {
          // Issue 13: an edit holding a blocked term, or any edit under MODERATION=pre, waits for review.
          const descriptions: Record<AdStatus, string> = {
            active: 'Your changes are live.',
            pending: 'Your ad is under review. It goes live once a moderator approves it.',
            hidden: 'Your changes are saved.',
            // Issue 14: an expired ad stays expired until renewed; a sold one stays sold.
            expired: 'Your changes are saved. Renew the ad from your dashboard to list it again.',
            sold: 'Your changes are saved.',
          };
          toast({
            title: 'Ad Updated Successfully',
            description: descriptions[ad.status],
            variant: 'success',
          });
          void navigate(paths.ad(current.id));
        },
        onError: (error) => {
          setUploadPercent(null);
          toast({ title: 'Error updating ad', description: error.message, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Frame>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">Edit Ad</h1>
          <p className="mt-1 truncate text-muted-foreground">{current.title}</p>
        </div>
        <DeleteAdButton ad={current} onDeleted={() => void navigate(paths.dashboard)} />
      </div>
      <Card className="p-5 sm:p-8">
        <AdForm
          initialFields={{
            title: current.title,
            description: current.description,
            price: current.price.toFixed(2),
            category: current.category,
            location: current.location,
            place_id: current.place_id,
          }}
          storedImages={current.images.map((image) => ({ id: image.id, previewUrl: image.card_url }))}
          storedVideos={current.videos.map((video) => ({ id: video.id, previewUrl: video.url }))}
          isPending={updateAd.isPending}
          uploadPercent={uploadPercent}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          onSubmit={submit}
          onCancel={() => void navigate(paths.ad(current.id))}
        />
      </Card>
    </Frame>
  );
}

function Refusal({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Frame>
      <GateCard title={title} text={text}>
        {children}
      </GateCard>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">{children}</div>;
}
