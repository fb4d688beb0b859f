import { Link } from "@tanstack/react-router";
import { ContactFormLink, LEGAL_LINK_CLASS, MailLink, Section, SUPPORT_EMAIL } from "./legal-page";

export const TermsRewardsContent = () => (
  <>
    <Section title="8. Redeeming winnings">
      <ul>
        <li>
          Redeemable credits can be exchanged for digital gift cards. Each credit is worth $0.60 (US dollars), so
          redeeming 10 credits gives a $6.00 gift card.
        </li>
        <li>
          The minimum redemption is 10 credits. Redemptions are available only to US residents aged 18 or older, and you
          must confirm your age when you request one.
        </li>
        <li>
          When you request a redemption, the credits are held from your balance and the request is reviewed by
          Pickstreak staff. Approved gift cards are sent to the email address you give us for the redemption, usually
          within 24 to 48 hours of your request.
        </li>
        <li>
          We may delay or refuse a redemption if we suspect fraud, multiple accounts, abuse of bonuses or any other
          breach of these Terms. If a redemption is refused for a reason that is not a breach of these Terms, for
          example because you are not eligible, the credits are returned to your balance.
        </li>
        <li>
          Check the email address carefully. Once a gift card code has been delivered, we cannot replace it if it is
          lost, shared or sent to an address you entered incorrectly. Gift cards are also subject to the issuer’s own
          terms.
        </li>
      </ul>
    </Section>

    <Section title="9. Referrals">
      <ul>
        <li>You can invite friends with your personal referral link.</li>
        <li>
          A friend who signs up through your link gets a sign-up bonus of 10 credits instead of 5. After your friend
          makes their first pick, you receive 100 credits and your friend receives a further 50 credits.
        </li>
        <li>Referral rewards are bonus credits and cannot be redeemed.</li>
        <li>
          You may not refer yourself, create accounts to collect referral rewards, or post your link in spam or in a
          misleading way. We may withhold or remove referral rewards obtained this way.
        </li>
      </ul>
    </Section>

    <Section title="10. Contests">
      <ul>
        <li>
          Contests run for a fixed period shown in the app. Entering a contest costs 15 credits, which are taken from
          your balance when you join.
        </li>
        <li>
          Each contest lists its prize tiers before you enter. Prizes are paid once, when the contest ends, based on the
          final standings. Unless a contest’s description says otherwise, contest prizes are bonus credits.
        </li>
        <li>If we cancel a contest before it ends, entry fees are refunded and no prizes are paid.</li>
      </ul>
    </Section>

    <Section title="11. Prohibited conduct">
      <p>When using the Service you must not:</p>
      <ul>
        <li>create or use more than one account, or play on someone else’s account;</li>
        <li>use bots, scripts, scrapers or other automated means to make picks or access the Service;</li>
        <li>
          exploit bugs, errors or loopholes instead of reporting them to us at <MailLink address={SUPPORT_EMAIL} />;
        </li>
        <li>work with others to manipulate results, standings, referrals or contests;</li>
        <li>use stolen payment methods or file chargebacks for purchases you made;</li>
        <li>interfere with, overload or try to gain unauthorised access to the Service or other users’ accounts;</li>
        <li>harass other people or use the Service for anything unlawful.</li>
      </ul>
    </Section>

    <Section title="12. Suspension and termination">
      <p>
        You can stop using the Service and delete your account at any time, as explained on our{" "}
        <Link to="/data-deletion" className={LEGAL_LINK_CLASS}>
          Data Deletion
        </Link>{" "}
        page. Unredeemed credits are forfeited when an account is deleted.
      </p>
      <p>
        We may suspend or close your account, cancel pending redemptions, and remove credits, picks or rewards obtained
        in breach of these Terms. Where we close an account for a reason other than a breach of these Terms, we will
        tell you in advance where we reasonably can and give you a chance to redeem eligible redeemable credits. We may
        change or discontinue any part of the Service.
      </p>
    </Section>

    <Section title="13. Disclaimers">
      <p>
        The Service is provided “as is” and “as available”. We do not promise that it will be uninterrupted or
        error-free, or that event data, schedules and results shown in the app are always complete or accurate.
        Pickstreak is a game for entertainment and is not affiliated with any league, team or event organiser unless we
        say so.
      </p>
    </Section>

    <Section title="14. Limitation of liability">
      <p>
        To the fullest extent allowed by law, Pickstreak is not liable for indirect, incidental, special or
        consequential losses, or for lost profits, data or goodwill, arising from your use of the Service. Our total
        liability to you for any claim is limited to the greater of the amount you paid us in the 12 months before the
        claim and US $50. Nothing in these Terms limits liability that cannot be limited by law, or your rights as a
        consumer under the law where you live.
      </p>
    </Section>

    <Section title="15. Changes to these Terms">
      <p>
        We may update these Terms as the Service changes. We will post the new version on this page with a new effective
        date and, for significant changes, tell you by email or in the app before they take effect. If you keep using
        the Service after the changes take effect, you accept the updated Terms.
      </p>
    </Section>

    <Section title="16. Responsible play">
      <p>Pickstreak is a game. Your profile holds tools to keep it one:</p>
      <ul>
        <li>
          Limits on credits spent (on picks and contest entries alike) and on money spent on purchases, per day, week
          and month (the last 24 hours, 7 days and 30 days). A lower limit holds at once; a higher one, or none, only
          after 24 hours.
        </li>
        <li>A break of 24 hours, 7 days or 30 days, which starts at once and cannot be cut short.</li>
        <li>
          Self-exclusion for 6 months or permanently. A 6-month exclusion lasts at least 6 months; after that you can
          ask to come back, and play returns 24 hours later. A permanent one cannot be undone.
        </li>
        <li>
          During a break or self-exclusion you cannot make picks, buy credits, join challenges or claim daily credits,
          but you can still sign in, see your picks and redeem your winnings.
        </li>
      </ul>
    </Section>

    <Section title="17. Contact us">
      <p>
        Questions about these Terms can be sent through the <ContactFormLink /> in the app or by email to{" "}
        <MailLink address={SUPPORT_EMAIL} />.
      </p>
    </Section>
  </>
);
