import { findPlan, type Plan } from '@bazaar/common/plans';
import { ActionDialog, QueryContent, SummaryList, SummaryRow } from '../../components/action-dialog';
import { formatCents, formatDate } from '../../lib/format';
import { usePlanQuote } from './api';

/**
 * A subscriber switching plans sees the server's price before paying (FAQ: proration):
 * the new price, the credit for the unused part of the running plan, and what is due today;
 * and, on a plan of fewer ads than they have listed, what that means (FAQ: downgrades).
 */
export function ChangePlanDialog({
  plan,
  activeAds,
  onContinue,
  onClose,
}: {
  plan: Plan | null;
  /** The subscriber's active ads, which a smaller plan keeps listed. */
  activeAds: number;
  onContinue: (plan: Plan) => void;
  onClose: () => void;
}) {
  const quote = usePlanQuote(plan?.id ?? null);
  const replaced = quote.data?.replaces_plan_id ? findPlan(quote.data.replaces_plan_id) : undefined;

  return (
    <ActionDialog
      open={plan !== null}
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      title={<>Switch to the {plan?.name}</>}
      description="Your new plan starts today. The unused part of your current plan is credited against it."
      cancelLabel="Keep Current Plan"
      action={{
        label: 'Continue to Payment',
        disabled: !quote.isSuccess,
        onClick: () => plan && onContinue(plan),
      }}
    >
      <QueryContent query={quote} placeholderClassName="h-28">
        {(data) => (
          <SummaryList>
            <SummaryRow label={<>{plan?.name} · monthly</>}>{formatCents(data.price_cents)}</SummaryRow>
            {data.credit_cents > 0 ? (
              <SummaryRow
                label={`Credit for unused ${replaced?.name ?? 'plan'} days`}
                valueClassName="whitespace-nowrap text-success"
              >
                −{formatCents(data.credit_cents)}
              </SummaryRow>
            ) : null}
            <SummaryRow label="Due today" isTotal>
              {formatCents(data.amount_due_cents)}
            </SummaryRow>
            <SummaryRow label="New plan runs until">{formatDate(data.period_end)}</SummaryRow>
          </SummaryList>
        )}
      </QueryContent>
      {plan && activeAds > plan.maxAds ? (
        <p className="rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
          You have {activeAds} active ads and the {plan.name} allows {plan.maxAds}. They stay listed, but you
          can post new ones only once fewer than {plan.maxAds} are active.
        </p>
      ) : null}
    </ActionDialog>
  );
}
