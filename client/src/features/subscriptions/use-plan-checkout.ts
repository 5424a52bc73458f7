import type { Plan, PlanId } from '@bazaar/common/plans';
import { useCallback, useState } from 'react';
import { toast } from '../../components/ui/use-toast';
import { createCheckout } from './api';
import { useCheckoutPopup } from './use-checkout-popup';

/** The Subscribe button's flow: the plan's payment in the popup, and which plan is being paid. */
export function usePlanCheckout() {
  const { isPaying, pay } = useCheckoutPopup();
  const [payingPlanId, setPayingPlanId] = useState<PlanId | null>(null);

  const subscribe = useCallback(
    (plan: Plan) => {
      const started = pay(
        (signal) => createCheckout(plan.id, signal),
        () =>
          toast({
            title: 'Payment Successful! 🎉',
            description: `Welcome to the ${plan.name}! Your subscription is now active.`,
            variant: 'success',
          }),
      );
      if (started) setPayingPlanId(plan.id);
    },
    [pay],
  );

  return { processingPlanId: isPaying ? payingPlanId : null, subscribe };
}
