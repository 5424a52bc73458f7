import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { InfoPage } from './components/info-page';

/** /privacy: what Bazaar keeps about a person, why, and how it is deleted. */
export function PrivacyPage() {
  return (
    <InfoPage
      title="Privacy Policy"
      description="What Bazaar keeps about you, why, and how you can take it with you or delete it."
      updated="November 25, 2026"
    >
      <section>
        <h2>What we keep</h2>
        <ul>
          <li>
            Your account: name, e-mail address, password (only as a salted hash), and whether you confirmed
            the address.
          </li>
          <li>Your profile: phone number, location and your e-mail and privacy settings.</li>
          <li>Your ads with their photos and videos, your favorites, and daily view counts of your ads.</li>
          <li>Your conversations and the messages in them, people you blocked and reports you made.</li>
          <li>
            Your plan, checkouts and payments: amounts, dates and the provider's reference. We never see or
            store card numbers.
          </li>
          <li>
            Your sessions: when they started, the address and browser they came from, to keep you signed in
            and protect your account.
          </li>
        </ul>
      </section>
      <section>
        <h2>Why</h2>
        <p>
          To run the marketplace you use: show your ads, let buyers reach you, keep your account secure, apply
          the plan you paid for, and stop abuse. Your phone number is shown only to signed-in people, and only
          while "Show phone number in ads" is on. We send e-mails you asked for or need (confirmation,
          password reset and account notices) and no advertising. We do not sell your data.
        </p>
      </section>
      <section>
        <h2>Who else sees it</h2>
        <p>
          The payment provider (Stripe, where this installation uses it) receives your e-mail address and the
          amount to take a payment. An e-mail service delivers our e-mails. Files may be kept with a storage
          provider. Nobody else receives your data unless the law requires it.
        </p>
      </section>
      <section>
        <h2>Download your data</h2>
        <p>
          In your <Link to={paths.profile}>profile</Link>'s Settings, "Download My Data" gives you one JSON
          file with everything listed above.
        </p>
      </section>
      <section>
        <h2>Deleting your account</h2>
        <p>
          In your profile's Settings, Delete Account asks for your password and then, at once and for good,
          deletes your profile, ads, photos and videos, favorites and sessions, and signs you out everywhere.
          Messages you sent stay with the people you wrote to, shown as from a deleted user. Records of
          payments stay without your name or e-mail address, because accounting law requires us to keep them.
          The moderators' log of actions taken on accounts and ads (a suspension, a hidden ad) keeps the name,
          e-mail address or ad title it named, so that abuse can still be traced. We send a confirmation to
          your e-mail address.
        </p>
      </section>
      <section>
        <h2>Cookies</h2>
        <p>
          One cookie keeps you signed in. Opening an ad sets another, holding only a random number, so that
          your views of an ad are counted once a day; your address is never stored, only a one-way hash of it.
          After you change something, a cookie of a few seconds may make sure you see the change at once. We
          use no advertising or tracking cookies.
        </p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          Questions or requests about your data:{' '}
          <a href="mailto:privacy@bazaar.example">privacy@bazaar.example</a>.
        </p>
      </section>
    </InfoPage>
  );
}
