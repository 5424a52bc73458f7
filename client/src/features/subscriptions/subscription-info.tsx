import { BarChart3, Building2, ChevronDown, Eye, ShieldCheck } from 'lucide-react';
import { showNotImplemented } from '../../components/not-implemented';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

const reasons = [
  {
    Icon: Eye,
    title: 'More visibility',
    text: 'Keep up to 30 ads live at the same time instead of one, so more buyers find what you sell.',
  },
  {
    Icon: ShieldCheck,
    title: 'Advanced security',
    text: 'Payments are made on the payment provider’s page and confirmed to Bazaar with signed messages. Your card details never reach us.',
  },
  {
    Icon: BarChart3,
    title: 'Smart analytics',
    text: 'Follow the views and likes of every ad you post from your dashboard.',
  },
];

// What the system really does (spec §9 FAQ claims); keep in step with the server's rules.
const questions = [
  {
    question: 'Can I change my plan anytime?',
    answer:
      'Yes. Upgrade or downgrade whenever you like. The new plan starts a fresh monthly period on the day you switch, and the unused part of your current plan is credited against it (proration). You see the exact amount before you pay. If the credit is worth more than the new plan’s first month, the difference makes your new period longer.',
  },
  {
    question: 'What happens if I cancel?',
    answer:
      'Your plan stays active until the end of the period you have paid for and then does not renew. Changed your mind? Resume it any time before that date.',
  },
  {
    question: 'What happens to my ads if I downgrade or my plan ends?',
    answer:
      'Your existing ads stay online. You can’t post new ones while you have as many active ads as your plan allows, or, once a plan or the free trial has ended, until you subscribe again.',
  },
  {
    question: 'How does the free trial work?',
    answer: 'Every new account gets 14 days free with one active ad. No card is needed.',
  },
  {
    question: 'When am I charged?',
    answer:
      'When you subscribe, and then every month on the same day until you cancel. Your plan switches on only after the payment provider has confirmed the payment to us.',
  },
];

export function WhyUpgrade() {
  return (
    <section aria-labelledby="why-upgrade" className="mt-16">
      <h2 id="why-upgrade" className="text-2xl font-bold tracking-tight">
        Why Upgrade from Free Trial?
      </h2>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        {reasons.map(({ Icon, title, text }) => (
          <Card key={title} className="p-5">
            <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </Card>
        ))}
      </div>
    </section>
  );
}

export function SubscriptionFaq() {
  return (
    <section aria-labelledby="faq" className="mt-16">
      <h2 id="faq" className="text-2xl font-bold tracking-tight">
        Frequently Asked Questions
      </h2>
      <div className="mt-6 divide-y rounded-xl border bg-card">
        {questions.map(({ question, answer }) => (
          <details key={question} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown
                className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="mt-3 text-sm text-muted-foreground">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

export function ContactSales() {
  return (
    <Card className="mt-16 flex flex-col items-start gap-4 bg-accent p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
      <div className="flex items-start gap-4">
        <Building2 className="mt-1 size-6 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <h2 className="text-xl font-bold tracking-tight">Need a plan for your business?</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            More than 30 ads, several people selling, or invoices for your company: our sales team can help.
          </p>
        </div>
      </div>
      <Button size="lg" onClick={showNotImplemented}>
        Contact Sales Team
      </Button>
    </Card>
  );
}
