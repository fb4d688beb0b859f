import { Link } from "@tanstack/react-router";
import { ContactFormLink, LEGAL_LINK_CLASS, MailLink, PRIVACY_EMAIL, Section } from "./legal-page";

export const DataDeletionContent = () => (
  <>
    <Section title="1. Delete your account in the app">
      <p>You can delete your Pickstreak account yourself at any time:</p>
      <ol>
        <li>Sign in to Pickstreak.</li>
        <li>
          Open your{" "}
          <Link to="/profile" className={LEGAL_LINK_CLASS}>
            Profile
          </Link>{" "}
          and choose <strong>Delete account</strong>.
        </li>
        <li>Confirm the deletion with your password.</li>
      </ol>
      <p>
        Deletion is permanent. Once confirmed, you are signed out on every device and the account cannot be restored.
      </p>
    </Section>

    <Section title="2. Before you delete">
      <ul>
        <li>
          <strong>Pending redemptions</strong> must be completed or cancelled first. If a gift card or cash-out is still
          being reviewed, wait for it to arrive, or cancel it when you delete: the delete dialog lists it and asks you
          to agree. Cancelling refunds its credits to your balance, which is forfeited with the account.
        </li>
        <li>
          <strong>Unredeemed credits are forfeited.</strong> Any credits left in your account, including redeemable
          credits, are lost when the account is deleted and cannot be refunded or transferred. Redeem eligible credits
          before you delete if you want to keep their value.
        </li>
        <li>
          <strong>Subscriptions</strong>: cancel any monthly credit subscription first so that you are not billed again.
        </li>
        <li>Open contest entries and referral rewards that have not yet been paid are also forfeited.</li>
      </ul>
    </Section>

    <Section title="3. What we erase">
      <p>When your account is deleted, we erase:</p>
      <ul>
        <li>your email address;</li>
        <li>your username;</li>
        <li>your password hash;</li>
        <li>your country;</li>
        <li>your active sessions, which signs you out everywhere;</li>
        <li>your bookmarks.</li>
      </ul>
    </Section>

    <Section title="4. What we keep, anonymised">
      <p>
        Some records must be kept so that our accounts add up and so we can detect fraud, such as the same person
        repeatedly collecting sign-up bonuses. We keep:
      </p>
      <ul>
        <li>
          the credit ledger: the history of credits added and spent, including purchases, payouts and redemptions;
        </li>
        <li>the history of picks and their results.</li>
      </ul>
      <p>
        These records are anonymised: they are no longer linked to your email address, username or any other detail that
        identifies you. Stripe keeps its own records of payments you made, under its own privacy policy.
      </p>
    </Section>

    <Section title="5. How long it takes">
      <ul>
        <li>
          <strong>In the app:</strong> deletion happens immediately when you confirm. Your profile, username and sign-in
          stop working straight away.
        </li>
        <li>
          <strong>Backups:</strong> copies of your information in our backups are purged within 30 days.
        </li>
        <li>
          <strong>Requests by message or email:</strong> we complete them within 30 days of verifying your request, and
          tell you when it is done.
        </li>
      </ul>
    </Section>

    <Section title="6. If you can’t sign in">
      <p>
        If you can no longer access your account, you can still ask us to delete it. Send a request through the{" "}
        <ContactFormLink /> or email <MailLink address={PRIVACY_EMAIL} />. Include:
      </p>
      <ul>
        <li>the email address of the account;</li>
        <li>your username, if you remember it;</li>
        <li>a clear statement that you want the account and its personal data deleted.</li>
      </ul>
    </Section>

    <Section title="7. Verification">
      <p>
        To protect you from someone deleting your account without permission, we verify every request that does not come
        from inside the app. We will send a confirmation message to the email address on the account and delete it only
        after you confirm from that address. If you no longer have access to that email address, we may ask for other
        details that only the account owner would know, such as recent picks or purchases. We never ask for your
        password by message or email.
      </p>
    </Section>

    <Section title="8. More information">
      <p>
        Read our{" "}
        <Link to="/privacy-policy" className={LEGAL_LINK_CLASS}>
          Privacy Policy
        </Link>{" "}
        to learn what we collect and why, or contact us at <MailLink address={PRIVACY_EMAIL} /> with any questions about
        your data.
      </p>
    </Section>
  </>
);
