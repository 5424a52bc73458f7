import { FEATURE_DAYS, FEATURE_PRICE_CENTS } from '@bazaar/common/featuring';
import { plans } from '@bazaar/common/plans';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { formatCents } from '../../lib/format';
import { InfoPage } from './components/info-page';

/** /help: how Bazaar works, in the answers people look for. */
export function HelpPage() {
  return (
    <InfoPage title="Help Center" description="How buying, selling, plans and your account work on Bazaar.">
      <section>
        <h2>Buying</h2>
        <p>
          Browse a category or search by words, price and location. Open an ad to see its photos, videos and
          seller; sign in to see the seller's phone number (when they show it), to save ads to your favorites
          and to message the seller. Bazaar does not take part in the sale: you and the seller agree on
          payment and hand-over. Read our <Link to={paths.safety}>Safety Tips</Link> before you meet.
        </p>
      </section>
      <section>
        <h2>Selling</h2>
        <p>
          Create an account and post an ad with up to 10 photos and 2 videos. New accounts get a 14-day free
          trial with 1 active ad. After that, a monthly pack raises how many ads can be active at once:{' '}
          {plans.map((plan) => `${plan.name} $${plan.priceUsd} (${plan.maxAds} ads)`).join(', ')}. Edit or
          delete your ads from your dashboard at any time.
        </p>
      </section>
      <section>
        <h2>Featured ads</h2>
        <p>
          Press "Feature this ad" on your own ad to feature it for {FEATURE_DAYS} days for{' '}
          {formatCents(FEATURE_PRICE_CENTS)}. A featured ad carries the Featured badge, comes first on its
          category page and takes its turn among the featured ads on the home page. The Premium Pack includes
          1 featured week a month and the Master Pack 3; they renew with each paid month. Featuring again
          before a week ends adds a week after it.
        </p>
      </section>
      <section>
        <h2>Payments</h2>
        <p>
          Plans and featuring are paid through a payment page that opens in a small window. Your plan or
          feature starts only once the payment provider has confirmed the payment to our server. This
          installation may use Bazaar's demo payment provider, which charges nothing and is marked "Demo
          payment". You can cancel a plan on the <Link to={paths.subscription}>subscription page</Link>; it
          stays until the end of the paid month.
        </p>
      </section>
      <section>
        <h2>Your account and your data</h2>
        <p>
          Change your details and e-mail settings in your <Link to={paths.profile}>profile</Link>. Under
          Settings you can download everything we hold about you as one file, or delete your account. Our{' '}
          <Link to={paths.privacy}>Privacy Policy</Link> explains what is kept and for how long.
        </p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          Write to <a href="mailto:support@bazaar.example">support@bazaar.example</a>. To report an ad or a
          conversation, use the Report button beside it.
        </p>
      </section>
    </InfoPage>
  );
}
