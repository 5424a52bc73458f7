import { FEATURE_DAYS, FEATURE_PRICE_CENTS } from '@bazaar/common/featuring';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { formatCents } from '../../lib/format';
import { InfoPage } from './components/info-page';

/** /terms: the rules of using Bazaar, written for this product as it is. */
export function TermsPage() {
  return (
    <InfoPage
      title="Terms of Service"
      description="The rules for using Bazaar to buy and sell."
      updated="November 25, 2026"
    >
      <section>
        <h2>1. What Bazaar is</h2>
        <p>
          Bazaar is a place to publish classified ads and to contact the people behind them. We are not a
          party to any sale: buyers and sellers agree on price, payment and hand-over between themselves, and
          are responsible for doing so lawfully.
        </p>
      </section>
      <section>
        <h2>2. Your account</h2>
        <p>
          You need an account to post ads, save favorites and send messages. Give true details, keep your
          password to yourself and tell us if someone else uses your account. You can delete your account at
          any time in your profile's Settings.
        </p>
      </section>
      <section>
        <h2>3. Ads</h2>
        <ul>
          <li>Offer only what you own and may sell, in the right category, at a real price.</li>
          <li>Use your own photos and videos; describe the item honestly, faults included.</li>
          <li>
            No illegal, stolen, counterfeit or dangerous goods, weapons, drugs, live animals for fighting,
            adult services, or ads that mislead, discriminate or harass.
          </li>
          <li>One ad per item; no duplicate ads to push others down.</li>
        </ul>
        <p>We may hide or remove ads and suspend accounts that break these rules, and tell you why.</p>
      </section>
      <section>
        <h2>4. Plans, featuring and payments</h2>
        <p>
          New accounts have a 14-day free trial with one active ad. Monthly packs raise the number of active
          ads, renew each month until cancelled, and can be changed at any time: the unused part of the
          running plan is credited against the new one. A cancelled plan stays until the end of the paid
          month. Featuring an ad costs {formatCents(FEATURE_PRICE_CENTS)} for {FEATURE_DAYS} days; the Premium
          and Master packs include 1 and 3 featured weeks a month, which do not carry over. Prices are in US
          dollars. A purchase takes effect only when the payment provider confirms it to us. Where this
          installation runs the demo payment provider, nothing is charged.
        </p>
      </section>
      <section>
        <h2>5. Messages and conduct</h2>
        <p>
          Use messages to talk about the ad. No spam, threats, or requests for payment outside what you
          agreed. You can block anyone and report a conversation.
        </p>
      </section>
      <section>
        <h2>6. Content you post</h2>
        <p>
          You keep the rights to your ads, photos and videos, and allow us to show them on Bazaar while they
          are published. When you delete an ad or your account, we delete them.
        </p>
      </section>
      <section>
        <h2>7. Liability</h2>
        <p>
          We work to keep Bazaar available and safe but cannot check every ad or person. We are not liable for
          the items offered or for what happens between buyers and sellers, as far as the law allows.
        </p>
      </section>
      <section>
        <h2>8. Contact</h2>
        <p>
          Questions: <a href="mailto:support@bazaar.example">support@bazaar.example</a>. How we handle your
          data is in the <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
      </section>
    </InfoPage>
  );
}
