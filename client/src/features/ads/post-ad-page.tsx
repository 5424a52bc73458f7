import type { PostGate } from '@bazaar/common/subscription-rules';
import { Crown, Timer } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { GateCard } from '../../components/gate-card';
import { toast } from '../../components/ui/use-toast';
import { usePageMeta } from '../../lib/page-meta';
import { useSignedInUser } from '../auth/require-sign-in';
import { usePostAd } from './ad-actions';
import { AdForm, type AdFormSubmission } from './components/ad-form';

/** /post-ad (spec §2): the gate screens on the seller's real quota, else the form. */
export function PostAdPage() {
  usePageMeta('Post an Ad', 'Post an ad on Bazaar with photos and videos.');
  const { quota } = useSignedInUser();
  // While an ad is being posted the quota changes under it; the form stays until it is done.
  const [isPosting, setPosting] = useState(false);

  if (quota.post_gate !== 'allowed' && !isPosting) return <UpgradeGate gate={quota.post_gate} />;

  return (
    <PageFrame>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Post Your Ad</h1>
          <p className="mt-1 text-muted-foreground">
            Describe what you are selling and add a few good photos.
          </p>
        </div>
        <p className="rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground">
          Ads remaining: {Math.max(0, quota.max_ads - quota.active_ads)} / {quota.max_ads}
        </p>
      </div>
      <Card className="p-5 sm:p-8">
        <PostAdForm onPostingChange={setPosting} />
      </Card>
    </PageFrame>
  );
}

function PostAdForm({ onPostingChange }: { onPostingChange: (isPosting: boolean) => void }) {
  const navigate = useNavigate();
  const postAd = usePostAd();
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);

  function submit({ form }: AdFormSubmission) {
    setUploadPercent(0);
    onPostingChange(true);
    return postAd.mutateAsync(
      { form, onProgress: ({ loaded, total }) => setUploadPercent(Math.round((loaded / total) * 100)) },
      {
        onSuccess: (ad) => {
          // Issue 13: blocked terms, or MODERATION=pre, hold a new ad for a moderator.
          toast(
            ad.status === 'pending'
              ? {
                  title: 'Ad Submitted for Review',
                  description: 'Your ad is under review. It goes live once a moderator approves it.',
                  variant: 'success',
                }
              : {
                  title: 'Ad Posted Successfully! 🎉',
                  description: 'Your ad is live. Buyers can find it now.',
                  variant: 'success',
                },
          );
          void navigate(paths.ad(ad.id));
        },
        onError: (error) => {
          setUploadPercent(null);
          onPostingChange(false);
          toast({ title: 'Error posting ad', description: error.message, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <AdForm
      isPending={postAd.isPending}
      uploadPercent={uploadPercent}
      submitLabel="Post Ad"
      pendingLabel="Posting..."
      onSubmit={submit}
      onCancel={() => void navigate(paths.dashboard)}
    />
  );
}

function UpgradeGate({ gate }: { gate: Exclude<PostGate, 'allowed'> }) {
  const isTrialOver = gate === 'trial_expired';
  return (
    <PageFrame>
      <GateCard
        icon={isTrialOver ? <Timer aria-hidden="true" /> : <Crown aria-hidden="true" />}
        title={isTrialOver ? 'Trial Expired' : 'Ad Limit Reached'}
        text={
          isTrialOver
            ? 'Your 14-day trial has expired. Upgrade to continue posting ads.'
            : "You've reached your ad limit. Upgrade to post more ads."
        }
      >
        <Button asChild>
          <Link to={paths.subscription}>{isTrialOver ? 'Subscribe Now' : 'Upgrade Plan'}</Link>
        </Button>
      </GateCard>
    </PageFrame>
  );
}

function PageFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">{children}</div>;
}
