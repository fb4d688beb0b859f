import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { readSettings } from "../../env";
import type { Email } from "../../lib/mailer";
import { healthAlertEmails } from "../admin-health/health-alert-emails";
import { alreadyRegisteredEmail, confirmationEmail, passwordResetEmail } from "../auth/auth-emails";
import {
  redemptionFulfilledEmail,
  redemptionReceivedEmail,
  redemptionRejectedEmail,
} from "../redemptions/redemption-emails";
import { streakCorrectionEmail } from "../settlement/streak-emails";

const APP = "https://pickstreak.example";
const TOKEN = "7.abc-DEF_123";
const giftCard = {
  email: "gift@example.com",
  kind: "gift_card" as const,
  rewardName: "Amazon",
  method: null,
  valueCents: 1500,
  creditsSpent: 25,
  note: null,
};
const correction = {
  email: "streaky@example.com",
  username: "streaky",
  questionTitle: "Who wins <Game 12>?",
  fromOutcome: "A",
  toOutcome: "B",
  reason: "The scorers reviewed the final play",
  streakBefore: 4,
  streakAfter: 0,
};

/** As React writes text and attribute values into the HTML. */
const escaped = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

type Case = { name: string; email: () => Promise<Email>; text: string; action: string; sentence: string };

/** Each email's words as they were when emails were text alone: the text part keeps them to the letter. */
const cases: Case[] = [
  {
    name: "confirmation",
    email: () => confirmationEmail(APP, "new@example.com", TOKEN),
    action: `${APP}/auth?mode=login&confirm=${TOKEN}`,
    sentence: "Please confirm your email address to finish creating your account:",
    text: `Welcome to Pickstreak!

Please confirm your email address to finish creating your account:
${APP}/auth?mode=login&confirm=${TOKEN}

The link works once and expires in 24 hours.
If you did not sign up for Pickstreak, you can ignore this email.`,
  },
  {
    name: "already registered",
    email: () => alreadyRegisteredEmail(APP, "taken@example.com"),
    action: `${APP}/auth?mode=login`,
    sentence: "which already has an account.",
    text: `Someone (maybe you) tried to create a Pickstreak account with this email address, which already has an account.

Log in here:
${APP}/auth?mode=login

Forgot your password? Reset it here:
${APP}/password-reset

If this was not you, you can ignore this email. Your account has not changed.`,
  },
  {
    name: "password reset",
    email: () => passwordResetEmail(APP, "reset@example.com", TOKEN),
    action: `${APP}/password-reset?token=${TOKEN}`,
    sentence: "We received a request to reset the password of your Pickstreak account.",
    text: `We received a request to reset the password of your Pickstreak account.

Choose a new password here:
${APP}/password-reset?token=${TOKEN}

The link works once and expires in 60 minutes. Resetting signs you out on every device.
If you did not ask for this, you can ignore this email; your password stays the same.`,
  },
  {
    name: "redemption received",
    email: () => redemptionReceivedEmail(APP, giftCard),
    action: `${APP}/rewards`,
    sentence: "Your Amazon gift card for $15.00 (25 credits) has been submitted and will be processed shortly.",
    text: `Your Amazon gift card for $15.00 (25 credits) has been submitted and will be processed shortly.
Gift cards are usually emailed within 24 to 48 hours.

You can follow its status here:
${APP}/rewards`,
  },
  {
    name: "redemption fulfilled",
    email: () => redemptionFulfilledEmail(APP, { ...giftCard, note: "Your code: AMZ-1234-5678" }),
    action: `${APP}/rewards`,
    sentence: "Your code: AMZ-1234-5678",
    text: `Your Amazon gift card for $15.00 (25 credits) has been fulfilled.

Your code: AMZ-1234-5678

Your redemption history:
${APP}/rewards`,
  },
  {
    name: "redemption rejected",
    email: () => redemptionRejectedEmail(APP, { ...giftCard, kind: "cash_out", method: "venmo", note: "Not eligible" }),
    action: `${APP}/rewards`,
    sentence: "was not approved, and the 25 credits are back in your balance.",
    text: `Your Venmo cash-out for $15.00 (25 credits) was not approved, and the 25 credits are back in your balance.

Reason: Not eligible

Your redemption history:
${APP}/rewards`,
  },
  {
    name: "streak lowered",
    email: () => streakCorrectionEmail(correction, APP),
    action: `${APP}/picks`,
    sentence: `The result of "Who wins <Game 12>?" was corrected from A to B, so your current streak went from 4 to 0.`,
    text: `Hi streaky,

The result of "Who wins <Game 12>?" was corrected from A to B, so your current streak went from 4 to 0.

Reason: The scorers reviewed the final play

Your streak history: ${APP}/picks`,
  },
  {
    name: "operator alert",
    email: async () => {
      const settings = { ...readSettings(env), APP_URL: APP, adminEmails: new Set(["ops@example.com"]) };
      const change = { name: "email_backlog", message: "Emails waiting for 20 minutes (limit 15)" };
      const [email] = await healthAlertEmails(settings, { ...change, state: "firing" });
      return email!;
    },
    action: `${APP}/admin?section=health`,
    sentence: "Alert email_backlog: Emails waiting for 20 minutes (limit 15).",
    text: `Alert email_backlog: Emails waiting for 20 minutes (limit 15).

The health page: ${APP}/admin?section=health`,
  },
];

describe("email templates", () => {
  it.each(cases)("$name: a text part with its words to the letter", async ({ email, text }) => {
    expect((await email()).text).toBe(text);
  });

  it.each(cases)("$name: an HTML part that says the same, with a button", async ({ email, action, sentence }) => {
    const { html = "", subject } = await email();
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain(`<title>${escaped(subject)}</title>`);
    expect(html).toContain(escaped(sentence));
    // The one action is a button (react-email's Button is a link styled as one) to the same address the text gives.
    expect(html).toMatch(new RegExp(`<a class="ps-button" href="${escaped(action).replace(/[?.]/g, "\\$&")}"`));
    expect(html).not.toMatch(/undefined|\[object Object\]|NaN/);
    // Dark mode, a phone's width and the app's brand green.
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toContain("@media (prefers-color-scheme: dark)");
    expect(html).toContain("max-width:600px");
    expect(html).toContain("background-color:#15803d");
  });

  it("writes what someone typed into an email as text, never as markup", async () => {
    const { html = "" } = await redemptionRejectedEmail(APP, { ...giftCard, note: '<img src=x onerror="alert(1)">' });
    expect(html).not.toContain("<img");
    expect(html).toContain("Reason: &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});
