import { Link } from "@tanstack/react-router";
import { LEGAL_LINK_CLASS, Section } from "./legal-page";
import { TermsRewardsContent } from "./terms-rewards-content";

export const TermsContent = () => (
  <>
    <Section title="1. About these Terms">
      <p>
        These Terms of Service (the “Terms”) are an agreement between you and Pickstreak and govern your use of the
        Pickstreak website and app (the “Service”). Pickstreak is a free-to-play sports prediction game: you answer
        two-option questions about sports events using virtual credits, build streaks, and can enter contests.
      </p>
      <p>
        By creating an account or using the Service you accept these Terms and our{" "}
        <Link to="/privacy-policy" className={LEGAL_LINK_CLASS}>
          Privacy Policy
        </Link>
        . If you do not agree, do not use the Service.
      </p>
    </Section>

    <Section title="2. Eligibility">
      <ul>
        <li>You must be at least 18 years old to create an account and make picks.</li>
        <li>
          You may only play where taking part in a free-to-play prediction game is lawful for you. You are responsible
          for checking and following the laws that apply where you live.
        </li>
        <li>
          Redeeming winnings for gift cards is available only to residents of the United States. You will be asked to
          confirm that you are 18 or older each time you redeem.
        </li>
        <li>We may ask you to verify your age, identity or location, and may limit your account until you do.</li>
        <li>
          Pickstreak staff accounts, which can award credits, settle questions or approve redemptions, cannot make
          picks, enter contests or redeem credits. No staff member approves a redemption of their own account or of an
          account they gave credits to in the last 90 days.
        </li>
      </ul>
    </Section>

    <Section title="3. Your account">
      <ul>
        <li>You may hold only one account. Accounts are personal and may not be shared, sold or transferred.</li>
        <li>
          The information you give us, including your email address and country, must be accurate and kept up to date.
        </li>
        <li>
          You must confirm your email address before you can use all features of the Service. Some features, such as
          redemptions, require a confirmed email address.
        </li>
        <li>
          Keep your password secret. You are responsible for activity on your account. Tell us straight away through the
          Contact Us form if you think someone else has accessed it.
        </li>
        <li>
          Usernames must not be offensive, misleading or impersonate another person or brand. We may change or remove a
          username that breaks this rule.
        </li>
      </ul>
    </Section>

    <Section title="4. Credits">
      <p>
        Credits are a virtual in-game currency. They are a limited, personal licence to use features of the Service, not
        money, property or a deposit. Credits have no cash value and cannot be sold, transferred between accounts or
        exchanged for anything outside the Service, except that redeemable credits can be redeemed for gift cards as
        described in section 8.
      </p>
      <p>There are four kinds of credits:</p>
      <ul>
        <li>
          <strong>Purchased credits</strong> – credits you buy with money, including credits from a subscription.
        </li>
        <li>
          <strong>Bonus credits</strong> – credits we give you for free, such as the sign-up bonus, referral rewards and
          promo codes.
        </li>
        <li>
          <strong>Awarded credits</strong> – credits our staff give you, for example as a goodwill gesture. Awarded
          credits are used first when you make a pick, and what a pick made with them pays back is awarded credits too.
        </li>
        <li>
          <strong>Redeemable credits</strong> – credits paid out to you for correct picks made without awarded credits.
        </li>
      </ul>
      <p>
        Purchased, bonus and awarded credits can be used to make picks and enter contests, but they can never be
        redeemed or cashed out. Only redeemable credits can be redeemed.
      </p>
      <p>
        New accounts receive a free sign-up bonus of 5 credits, or 10 credits when you sign up through a friend’s
        referral link. If a balance is wrong because of a technical error, we may correct it.
      </p>
    </Section>

    <Section title="5. Making picks">
      <ul>
        <li>
          Each question shows its credit cost. You choose a multiplier from 1 to 5, and the cost of your pick is the
          credit cost multiplied by your multiplier. That amount is taken from your balance when you submit the pick.
        </li>
        <li>A correct pick pays twice its cost. An incorrect pick pays nothing, and its cost is not returned.</li>
        <li>
          If a question is voided, for example because the event is cancelled, postponed or cannot be settled fairly,
          the cost of every pick on it is refunded.
        </li>
        <li>
          Picks are final once submitted and cannot be changed or withdrawn. Each question closes at the deadline shown
          in the app, normally before the event starts, and picks are not accepted after it.
        </li>
        <li>
          Pickstreak staff resolve each question based on the official result of the event. We may correct a resolution
          that was wrong. When we do, payouts made on the earlier result are reversed and the corrected result is
          applied, which can reduce your balance, your redeemable credits or your streak.
        </li>
        <li>
          Streaks, standings and statistics are for fun and recognition. They have no monetary value unless a contest’s
          rules say otherwise.
        </li>
      </ul>
    </Section>

    <Section title="6. Purchases">
      <ul>
        <li>
          You can buy credits as one-time packs or through a monthly subscription. Payments are processed by Stripe; we
          never see or store your full card details.
        </li>
        <li>
          The price, the number of credits and, for subscriptions, the billing period are shown before you pay. Credits
          are added to your balance once Stripe confirms the payment.
        </li>
        <li>
          Subscriptions renew automatically each month until you cancel. Cancelling stops future renewals; you keep the
          credits already delivered, and the current period is not refunded.
        </li>
        <li>
          All purchases are final except where the law requires otherwise. If a payment is refunded, reversed or charged
          back, we remove the credits from that purchase from your balance, even if this leaves it negative, and we may
          suspend the account while a dispute is open.
        </li>
        <li>Buying credits is never required to play.</li>
      </ul>
    </Section>

    <Section title="7. Promo codes">
      <ul>
        <li>Each promo code can be used once per account.</li>
        <li>
          Promo codes may expire, have a limited number of uses, or be withdrawn at any time. Credits from promo codes
          are bonus credits.
        </li>
        <li>Promo codes have no cash value and may not be sold or traded.</li>
      </ul>
    </Section>

    <TermsRewardsContent />
  </>
);
