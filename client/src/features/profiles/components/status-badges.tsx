import { findPlan } from '@bazaar/common/plans';
import { Clock, Crown } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import type { CurrentUser } from '../../auth/api';

/** Spec §2: the trial badge with days left while on the trial; the plan's badge once paid. */
export function SubscriptionBadge({ currentUser }: { currentUser: CurrentUser }) {
  const { subscription_status: status, subscription_plan: planId } = currentUser.user.user_metadata;
  if (status === 'active') {
    const plan = planId ? findPlan(planId) : undefined;
    return (
      <Badge variant="success">
        <Crown /> {plan?.name ?? 'Subscribed'}
      </Badge>
    );
  }
  const daysLeft = currentUser.quota.trial_days_left;
  if (daysLeft === 0) {
    return (
      <Badge variant="destructive">
        <Clock /> Trial ended
      </Badge>
    );
  }
  return (
    <Badge variant="secondary">
      <Clock /> Trial: {daysLeft} {daysLeft === 1 ? 'day' : 'days'} left
    </Badge>
  );
}
