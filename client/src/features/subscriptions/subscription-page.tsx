import { plans, type Plan } from '@bazaar/common/plans';
import { Clock, Gift } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { usePageMeta } from '../../lib/page-meta';
import { useCurrentUser, type CurrentUser } from '../auth/api';
import { useRequireSignIn } from '../auth/use-require-sign-in';
import { usePaymentHistory, useSubscription } from './api';
import { ChangePlanDialog } from './change-plan-dialog';
import { CurrentPlanCard } from './current-plan-card';
import { PaymentHistory } from './payment-history';
import { PlanCard, type PlanButtonState } from './plan-card';
import { ContactSales, SubscriptionFaq, WhyUpgrade } from './subscription-info';
import { usePlanCheckout } from './use-plan-checkout';

export const SUBSCRIBE_SIGN_IN_REASON = 'Please login to subscribe to a plan.';

export function SubscriptionPage() {
  usePageMeta(
    'Subscription Plans',
    'Bazaar’s monthly packs: Starter $5 for 5 active ads, Premium $15 for 18, Master $20 for 30. Start with a 14-day free trial; change or cancel anytime.',
  );
  const { data: currentUser, isPending: isUserPending } = useCurrentUser();
  const isSignedIn = Boolean(currentUser);
  const subscription = useSubscription(isSignedIn);
  const history = usePaymentHistory(isSignedIn);
  const requireSignIn = useRequireSignIn();
  const { processingPlanId, subscribe } = usePlanCheckout();
  const [planToSwitchTo, setPlanToSwitchTo] = useState<Plan | null>(null);

  const metadata = currentUser?.user.user_metadata;
  const currentPlanId = metadata?.subscription_status === 'active' ? metadata.subscription_plan : null;

  function choose(plan: Plan) {
    if (!requireSignIn(SUBSCRIBE_SIGN_IN_REASON)) return;
    // A running plan is replaced, with credit: the price is shown before paying.
    if (currentPlanId) setPlanToSwitchTo(plan);
    else subscribe(plan);
  }

  function buttonStateOf(plan: Plan): PlanButtonState {
    if (processingPlanId === plan.id) return 'processing';
    return plan.id === currentPlanId ? 'current' : 'subscribe';
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Subscription Plans</h1>
        <p className="mt-3 text-muted-foreground">
          Post more ads and reach more buyers. Every pack is billed monthly; change or cancel anytime.
        </p>
        {currentUser && metadata?.subscription_status === 'trial' ? (
          <TrialStatus currentUser={currentUser} hasPaidBefore={(history.data?.payments.length ?? 0) > 0} />
        ) : null}
      </header>

      {subscription.data?.status === 'active' && currentUser ? (
        <div className="mt-10">
          <CurrentPlanCard subscription={subscription.data} activeAds={currentUser.quota.active_ads} />
        </div>
      ) : null}

      <section aria-label="Plans" className="mt-12 grid gap-6 md:grid-cols-3 md:gap-5 lg:gap-8">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            buttonState={buttonStateOf(plan)}
            isDisabled={isUserPending || processingPlanId !== null}
            onSubscribe={() => choose(plan)}
          />
        ))}
      </section>

      <WhyUpgrade />
      <PaymentHistory payments={history.data?.payments ?? []} />
      <SubscriptionFaq />
      <ContactSales />

      <ChangePlanDialog
        plan={planToSwitchTo}
        activeAds={currentUser?.quota.active_ads ?? 0}
        onClose={() => setPlanToSwitchTo(null)}
        onContinue={(plan) => {
          setPlanToSwitchTo(null);
          subscribe(plan);
        }}
      />
    </div>
  );
}

/** The trial badge (spec §2) with what is left of it, or that it has ended. */
function TrialStatus({ currentUser, hasPaidBefore }: { currentUser: CurrentUser; hasPaidBefore: boolean }) {
  const { trial_days_left: daysLeft, active_ads: activeAds, max_ads: maxAds } = currentUser.quota;
  if (daysLeft === 0) {
    return (
      <div className="mt-5 flex flex-col items-center gap-2">
        <Badge variant="destructive">
          <Clock /> {hasPaidBefore ? 'Plan Ended' : 'Trial Expired'}
        </Badge>
        <p className="text-sm text-muted-foreground">
          Your ads stay online. Subscribe to a plan to post new ones.
        </p>
      </div>
    );
  }
  return (
    <div className="mt-5 flex flex-col items-center gap-2">
      <Badge variant="success" className="px-3 py-1 text-sm">
        <Gift className="size-4!" /> 14-Day Free Trial Active
      </Badge>
      <p className="text-sm text-muted-foreground">
        {daysLeft} {daysLeft === 1 ? 'day' : 'days'} left · {activeAds} of {maxAds} active{' '}
        {maxAds === 1 ? 'ad' : 'ads'} used
      </p>
    </div>
  );
}
