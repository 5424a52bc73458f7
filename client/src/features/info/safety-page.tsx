import { InfoPage } from './components/info-page';

/** /safety: the ad page's five tips (spec §2 /ad/{id}) and what they mean in practice. */
export function SafetyPage() {
  return (
    <InfoPage
      title="Safety Tips"
      description="How to buy and sell safely with people you meet through Bazaar."
    >
      <section>
        <h2>The five rules</h2>
        <ul>
          <li>
            <strong>Meet in a public place</strong> — a busy café, a shopping centre, or a police station's
            safe-exchange zone; in daylight, and bring someone along for expensive items.
          </li>
          <li>
            <strong>Check the item before payment</strong> — switch it on, try it out, compare serial numbers
            with the papers.
          </li>
          <li>
            <strong>Don't share personal information</strong> — no bank details, ID scans or verification
            codes; keep the conversation in Bazaar's messages.
          </li>
          <li>
            <strong>Trust your instincts</strong> — a price far below the market or a hurried seller is a
            warning sign.
          </li>
          <li>
            <strong>Report suspicious activity</strong> — use Report on the ad or the conversation; we review
            every report.
          </li>
        </ul>
      </section>
      <section>
        <h2>Common scams</h2>
        <ul>
          <li>
            Asking you to pay a deposit before you have seen the item, or to pay by gift card or wire
            transfer.
          </li>
          <li>
            "Couriers" or "agents" who hold the item for a fee: Bazaar has no delivery or escrow service.
          </li>
          <li>
            Links to pay on another site that looks like Bazaar. Bazaar never asks for a card outside
            checkout.
          </li>
          <li>Overpayment: a buyer "accidentally" pays too much and asks for the difference back.</li>
          <li>The same photos in several ads from different sellers.</li>
        </ul>
      </section>
      <section>
        <h2>Paying and getting paid</h2>
        <p>
          Cash on hand-over, or an instant bank transfer that you have seen arrive, are the safest. Bazaar
          only takes payments for its own plans and featured ads, never for items between people.
        </p>
      </section>
      <section>
        <h2>Vehicles and homes</h2>
        <p>
          Check the registration or title and the seller's ID match; never pay to view a flat or to "reserve"
          one you have not seen with the keys in the owner's hand.
        </p>
      </section>
    </InfoPage>
  );
}
