import { findPlan, type Plan } from '@bazaar/common/plans';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDate } from '../../lib/format';
import { usePlanQuote } from './api';
import { formatCents } from './format-cents';

/**
 * A subscriber switching plans sees the server's price before paying (FAQ: proration):
 * the new price, the credit for the unused part of the running plan, and what is due today.
 */
export function ChangePlanDialog({
  plan,
  onContinue,
  onClose,
}: {
  plan: Plan | null;
  onContinue: (plan: Plan) => void;
  onClose: () => void;
}) {
  const quote = usePlanQuote(plan?.id ?? null);
  const replaced = quote.data?.replaces_plan_id ? findPlan(quote.data.replaces_plan_id) : undefined;

  return (
    <Dialog open={plan !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Switch to the {plan?.name}</DialogTitle>
          <DialogDescription>
            Your new plan starts today. The unused part of your current plan is credited against it.
          </DialogDescription>
        </DialogHeader>
        {quote.isPending ? (
          <Skeleton className="h-28" />
        ) : quote.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {quote.error.message}
          </p>
        ) : (
          <dl className="divide-y rounded-lg border text-sm">
            <div className="flex justify-between gap-4 p-3">
              <dt className="text-muted-foreground">{plan?.name} · monthly</dt>
              <dd className="font-medium">{formatCents(quote.data.price_cents)}</dd>
            </div>
            {quote.data.credit_cents > 0 ? (
              <div className="flex justify-between gap-4 p-3">
                <dt className="text-muted-foreground">Credit for unused {replaced?.name ?? 'plan'} days</dt>
                <dd className="font-medium text-success">−{formatCents(quote.data.credit_cents)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4 p-3 text-base">
              <dt className="font-semibold">Due today</dt>
              <dd className="font-bold">{formatCents(quote.data.amount_due_cents)}</dd>
            </div>
            <div className="flex justify-between gap-4 p-3">
              <dt className="text-muted-foreground">New plan runs until</dt>
              <dd className="font-medium">{formatDate(quote.data.period_end)}</dd>
            </div>
          </dl>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Keep Current Plan
          </Button>
          <Button disabled={!quote.isSuccess} onClick={() => plan && onContinue(plan)}>
            Continue to Payment
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
