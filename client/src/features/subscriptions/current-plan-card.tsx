import { findPlan } from '@bazaar/common/plans';
import type { Subscription } from '@bazaar/common/subscriptions';
import { CalendarClock, Crown } from 'lucide-react';
import { useState } from 'react';
import { ActionDialog } from '../../components/action-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { toast } from '../../components/ui/use-toast';
import { formatDate } from '../../lib/format';
import { useChangeRenewal } from './api';

/** An active subscriber's plan: renewal or end date, ads used, and Cancel or Resume. */
export function CurrentPlanCard({
  subscription,
  activeAds,
}: {
  subscription: Subscription;
  activeAds: number;
}) {
  const plan = subscription.plan_id ? findPlan(subscription.plan_id) : undefined;
  const [isConfirmingCancel, setConfirmingCancel] = useState(false);
  const changeRenewal = useChangeRenewal();
  if (!plan || !subscription.current_period_end) return null;
  const periodEnd = formatDate(subscription.current_period_end);
  const isCancelled = subscription.cancel_at_period_end;
  // A plan granted without a payment provider has no renewal to cancel or resume.
  const canChangeRenewal = subscription.provider !== null;

  function submit(cancel: boolean) {
    changeRenewal.mutate(cancel, {
      onSuccess: () => {
        setConfirmingCancel(false);
        toast({
          title: cancel ? 'Subscription Cancelled' : 'Subscription Resumed',
          description: cancel
            ? `Your ${plan!.name} stays active until ${periodEnd}.`
            : `Your ${plan!.name} renews on ${periodEnd}.`,
          variant: 'success',
        });
      },
      onError: (error) =>
        toast({ title: 'Something went wrong', description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <Card
      role="region"
      aria-label="Your subscription"
      className="flex flex-col gap-5 p-6 md:flex-row md:items-center"
    >
      <div className="flex flex-1 items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Crown className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold">{plan.name}</h2>
            <Badge variant={isCancelled ? 'outline' : 'success'}>
              {isCancelled ? 'Cancelled' : 'Active'}
            </Badge>
          </div>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <CalendarClock className="size-4" aria-hidden="true" />
            {isCancelled
              ? `Ends on ${periodEnd}. It won't renew.`
              : canChangeRenewal
                ? `Renews on ${periodEnd}.`
                : `Active until ${periodEnd}.`}
          </p>
        </div>
      </div>
      <div className="w-full space-y-1.5 md:w-56">
        <div className="flex justify-between text-sm">
          <span className="text-muted-foreground">Active ads</span>
          <span className="font-medium">
            {activeAds} / {subscription.max_ads}
          </span>
        </div>
        <Progress
          value={(activeAds / Math.max(1, subscription.max_ads)) * 100}
          aria-label="Active ads used"
        />
      </div>
      {!canChangeRenewal ? null : isCancelled ? (
        <Button onClick={() => submit(false)} disabled={changeRenewal.isPending}>
          Resume Subscription
        </Button>
      ) : (
        <Button
          variant="outline"
          onClick={() => setConfirmingCancel(true)}
          disabled={changeRenewal.isPending}
        >
          Cancel Subscription
        </Button>
      )}

      <ActionDialog
        open={isConfirmingCancel}
        onOpenChange={setConfirmingCancel}
        title={<>Cancel your {plan.name}?</>}
        description={
          <>
            Your plan stays active until {periodEnd} and won't renew after that. Your ads stay online, but you
            won't be able to post new ones over the free limit until you subscribe again. You can resume any
            time before {periodEnd}.
          </>
        }
        cancelLabel="Keep Plan"
        action={{
          label: 'Cancel Subscription',
          isPending: changeRenewal.isPending,
          variant: 'destructive',
          onClick: () => submit(true),
        }}
      />
    </Card>
  );
}
