import { FEATURE_DAYS } from '@bazaar/common/featuring';
import { findPlan } from '@bazaar/common/plans';
import { paymentKindLabels, type Payment } from '@bazaar/common/subscriptions';
import { Card } from '../../components/ui/card';
import { formatCents, formatDate } from '../../lib/format';

/** The seller's verified payments, newest first, as the server recorded them. */
export function PaymentHistory({ payments }: { payments: Payment[] }) {
  if (payments.length === 0) return null;
  return (
    <section aria-labelledby="payment-history" className="mt-16">
      <h2 id="payment-history" className="text-2xl font-bold tracking-tight">
        Payment History
      </h2>
      <Card className="mt-6 overflow-x-auto">
        {/* On a phone the date paid goes under the plan, and a period's two dates on two lines. */}
        <table className="w-full text-left text-sm">
          <thead className="border-b text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-3 font-medium max-sm:hidden sm:px-5">
                Date
              </th>
              <th scope="col" className="px-3 py-3 font-medium sm:px-5">
                Plan
              </th>
              <th scope="col" className="px-3 py-3 font-medium sm:px-5">
                Period
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium sm:px-5">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {payments.map((payment) => (
              <tr key={payment.id}>
                <td className="px-3 py-3 whitespace-nowrap max-sm:hidden sm:px-5">
                  {formatDate(payment.paid_at)}
                </td>
                <td className="px-3 py-3 sm:px-5">
                  <div className="font-medium">
                    {payment.plan_id ? findPlan(payment.plan_id)?.name : `${FEATURE_DAYS} days featured`}
                  </div>
                  <div className="text-xs text-muted-foreground">{paymentKindLabels[payment.kind]}</div>
                  <div className="text-xs text-muted-foreground sm:hidden">
                    Paid {formatDate(payment.paid_at)}
                  </div>
                </td>
                <td className="px-3 py-3 sm:px-5">
                  <span className="whitespace-nowrap">{formatDate(payment.period_start)} –</span>{' '}
                  <span className="whitespace-nowrap">{formatDate(payment.period_end)}</span>
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap sm:px-5">
                  <div className="font-medium">{formatCents(payment.amount_cents)}</div>
                  {payment.credit_cents > 0 ? (
                    <div className="text-xs text-muted-foreground">
                      after {formatCents(payment.credit_cents)} credit
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </section>
  );
}
