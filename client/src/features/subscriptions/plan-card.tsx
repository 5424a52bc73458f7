import type { Plan } from '@bazaar/common/plans';
import { Check, Loader2, Star } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatPrice } from '../../lib/format';

export type PlanButtonState = 'subscribe' | 'processing' | 'current';

/** One pack of spec §9: name, monthly price, ad slots, features and its button (spec §2). */
export function PlanCard({
  plan,
  buttonState,
  isDisabled,
  onSubscribe,
}: {
  plan: Plan;
  buttonState: PlanButtonState;
  isDisabled: boolean;
  onSubscribe: () => void;
}) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card
      aria-labelledby={titleId}
      role="article"
      className={cn(
        'relative flex flex-col p-6',
        plan.popular && 'border-primary shadow-md ring-1 ring-primary/30',
        buttonState === 'current' && 'border-success ring-1 ring-success/30',
      )}
    >
      {plan.popular ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 shadow-sm">
          <Star className="fill-current" /> Most Popular
        </Badge>
      ) : null}
      <h2 id={titleId} className="text-lg font-semibold">
        {plan.name}
      </h2>
      <p className="mt-3 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight">{formatPrice(plan.priceUsd)}</span>
        <span className="text-sm text-muted-foreground">/month</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Button
        className="mt-8 w-full"
        size="lg"
        variant={buttonState === 'current' ? 'outline' : plan.popular ? 'default' : 'secondary'}
        disabled={buttonState !== 'subscribe' || isDisabled}
        onClick={onSubscribe}
      >
        {buttonState === 'processing' ? (
          <>
            <Loader2 className="animate-spin" aria-hidden="true" /> Processing...
          </>
        ) : buttonState === 'current' ? (
          'Current Plan'
        ) : (
          'Subscribe'
        )}
      </Button>
    </Card>
  );
}
