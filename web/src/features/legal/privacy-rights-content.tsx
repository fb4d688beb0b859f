import { Link } from "@tanstack/react-router";
import { ContactFormLink, LEGAL_LINK_CLASS, MailLink, PRIVACY_EMAIL, Section } from "./legal-page";

export const PrivacyRightsContent = () => (
  <>
    <Section title="7. How long we keep information">
      <ul>
        <li>We keep your account details for as long as your account is open.</li>
        <li>
          When you delete your account, we erase your email address, username, password hash, country, sessions and
          bookmarks. Your credit ledger, pick history, purchase and redemption records are kept for accounting and fraud
          prevention, but they are anonymised so they are no longer linked to you.
        </li>
        <li>
          Contact messages and technical logs are kept only as long as needed to help you and keep the Service secure.
        </li>
        <li>Deleted data is removed from our backups within 30 days.</li>
      </ul>
      <p>
        See our{" "}
        <Link to="/data-deletion" className={LEGAL_LINK_CLASS}>
          Data Deletion
        </Link>{" "}
        page for details.
      </p>
    </Section>

    <Section title="8. Security">
      <p>
        All connections to the Service are encrypted with HTTPS. Passwords are stored only as salted hashes, session
        cookies are secure and HTTP-only, and access to personal information is limited to staff who need it to run the
        Service, for example to review redemptions or answer messages. No system is perfectly secure, so please use a
        strong, unique password and tell us straight away if you suspect your account has been misused.
      </p>
    </Section>

    <Section title="9. Your rights">
      <p>Depending on where you live, you have the right to:</p>
      <ul>
        <li>
          <strong>access</strong> the personal information we hold about you;
        </li>
        <li>
          <strong>correct</strong> information that is wrong or incomplete;
        </li>
        <li>
          <strong>delete</strong> your account and personal information, which you can do yourself from your Profile;
        </li>
        <li>
          <strong>export</strong> a copy of your information in a commonly used, machine-readable format;
        </li>
        <li>
          <strong>object to or restrict</strong> some uses of your information.
        </li>
      </ul>
      <p>
        <strong>EU, EEA and UK residents (GDPR):</strong> you also have the right to complain to your local data
        protection authority, although we would appreciate the chance to resolve your concern first.
      </p>
      <p>
        <strong>California residents (CCPA/CPRA):</strong> you have the right to know what personal information we
        collect, use and disclose, and to ask us to delete or correct it. We do not sell or share your personal
        information for cross-context behavioural advertising, and we will not treat you differently for using your
        rights.
      </p>
      <p>
        To use any of these rights, send a request through the <ContactFormLink /> or email{" "}
        <MailLink address={PRIVACY_EMAIL} />. We may need to confirm your identity before acting, usually by asking you
        to reply from the email address on your account. We respond within 30 days, or sooner where the law requires.
      </p>
    </Section>

    <Section title="10. International transfers">
      <p>
        Pickstreak and its providers may process your information in the United States and other countries where they
        operate, which may have different data protection laws from your own. When we transfer personal information out
        of the EEA or the UK, we rely on safeguards recognised by law, such as the European Commission’s Standard
        Contractual Clauses.
      </p>
    </Section>

    <Section title="11. Changes to this policy">
      <p>
        We may update this policy as the Service changes. We will post the new version on this page with a new effective
        date and, for significant changes, tell you by email or in the app before they take effect.
      </p>
    </Section>

    <Section title="12. Contact us">
      <p>
        For privacy questions or requests, email <MailLink address={PRIVACY_EMAIL} /> or use the <ContactFormLink /> in
        the app.
      </p>
    </Section>
  </>
);
