import { MailLink, PRIVACY_EMAIL, Section } from "./legal-page";
import { PrivacyRightsContent } from "./privacy-rights-content";

export const PrivacyContent = () => (
  <>
    <Section title="1. About this policy">
      <p>
        This Privacy Policy explains what personal information Pickstreak collects when you use the Pickstreak website
        and app (the “Service”), why we collect it, who we share it with, and the choices you have. Pickstreak is the
        controller of this information.
      </p>
    </Section>

    <Section title="2. Who the Service is for">
      <p>
        This policy applies to everyone aged 13 or older who visits or uses the Service. You must be 18 or older to
        create an account and play. We do not knowingly collect personal information from children under 13. If you
        believe a child under 13 has given us personal information, contact us at <MailLink address={PRIVACY_EMAIL} />{" "}
        and we will delete it.
      </p>
    </Section>

    <Section title="3. Information we collect">
      <p>Information you give us:</p>
      <ul>
        <li>
          <strong>Account details</strong> – your email address, username and country. You can choose your country, or
          we detect it from the country your connection comes from. We do not collect your precise location.
        </li>
        <li>
          <strong>Password</strong> – stored only as a salted hash. We never store or see your password in plain text.
        </li>
        <li>
          <strong>Redemption details</strong> – the email address you want a gift card sent to and your confirmation
          that you are 18 or older.
        </li>
        <li>
          <strong>Messages</strong> – the name, email address, subject and message you send through the Contact Us form.
        </li>
      </ul>
      <p>Information created when you play:</p>
      <ul>
        <li>
          <strong>Game activity</strong> – your picks, multipliers, results, streaks, bookmarks, contest entries,
          referrals and promo codes used.
        </li>
        <li>
          <strong>Credit transactions</strong> – every change to your balance, such as bonuses, picks, payouts,
          purchases and redemptions.
        </li>
        <li>
          <strong>Purchases</strong> – what you bought, when, the amount and the payment status. Payments are handled by
          Stripe. Your card details go directly to Stripe and are never stored by us.
        </li>
      </ul>
      <p>Information collected automatically:</p>
      <ul>
        <li>
          <strong>Technical logs</strong> – records of requests to the Service, such as the time, the page or feature
          used, a request id, error details, your IP address and browser type. We use them to keep the Service working
          and secure.
        </li>
      </ul>
    </Section>

    <Section title="4. How we use your information">
      <ul>
        <li>
          <strong>To run the game</strong> – creating and securing your account, confirming your email, recording picks,
          settling results, keeping your balance and showing standings.
        </li>
        <li>
          <strong>To prevent fraud and abuse</strong> – detecting multiple accounts, bots, bonus abuse, payment fraud
          and breaches of our Terms of Service.
        </li>
        <li>
          <strong>To deliver rewards</strong> – processing purchases, referral rewards, contest prizes and gift card
          redemptions.
        </li>
        <li>
          <strong>To support you</strong> – answering your messages and sending important service emails, such as email
          confirmation, password resets and redemption updates.
        </li>
        <li>
          <strong>To meet legal obligations</strong> – keeping accounting records and responding to lawful requests.
        </li>
      </ul>
      <p>
        Where the GDPR applies, we rely on these legal bases: performing our contract with you (running the game and
        delivering rewards), our legitimate interests (fraud prevention, security and improving the Service), and
        compliance with legal obligations (accounting). We do not use your information for automated decisions that have
        legal or similarly significant effects on you without human review; redemptions are always reviewed by staff.
      </p>
    </Section>

    <Section title="5. Cookies and local storage">
      <ul>
        <li>
          We use only essential cookies: a session cookie that keeps you signed in. It is marked secure and HTTP-only,
          so it is sent only over encrypted connections and cannot be read by scripts on the page.
        </li>
        <li>
          We use your browser’s local storage to remember your theme (light or dark) and interface preferences. This
          stays on your device.
        </li>
        <li>We do not use advertising cookies or trackers, and we do not track you across other websites.</li>
      </ul>
      <p>Because these cookies are essential for the Service to work, we do not ask for consent to set them.</p>
    </Section>

    <Section title="6. Who we share information with">
      <p>We do not sell your personal information. We share it only with:</p>
      <ul>
        <li>
          <strong>Stripe</strong>, which processes payments and subscriptions;
        </li>
        <li>
          <strong>our email provider</strong>, which sends account, support and redemption emails;
        </li>
        <li>
          <strong>our gift card fulfilment partner</strong>, which receives the redemption email address and gift card
          amount so it can deliver your gift card;
        </li>
        <li>
          <strong>Cloudflare</strong>, which hosts the Service and stores its data;
        </li>
        <li>
          authorities or other parties when the law requires it, or when needed to protect our users, the Service or our
          rights, for example to stop fraud.
        </li>
      </ul>
      <p>
        These providers may use your information only to provide their services to us. If Pickstreak is ever involved in
        a merger or sale, your information may be transferred as part of it, and this policy will continue to apply to
        it.
      </p>
    </Section>

    <PrivacyRightsContent />
  </>
);
