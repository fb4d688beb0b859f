import { CASH_OUT_METHOD_LABELS, formatUsd } from "#shared/redemptions";
import { composeEmail } from "../emails/compose-email";
import type { EmailBlock } from "../emails/email-message";
import type { Redemption } from "./redemption-row";

/** What a redemption's emails tell: known before its batch, so each email is kept in the batch it tells of. */
type Facts = Pick<Redemption, "email" | "kind" | "rewardName" | "method" | "valueCents" | "creditsSpent" | "note">;

const what = (r: Facts) =>
  r.kind === "gift_card"
    ? `${r.rewardName ?? "gift card"} gift card`
    : `${r.method ? CASH_OUT_METHOD_LABELS[r.method] : ""} cash-out`.trim();

const summary = (r: Facts) => `${what(r)} for ${formatUsd(r.valueCents)} (${r.creditsSpent} credits)`;

const link = (appUrl: string) => new URL("/rewards", appUrl).toString();

const TIMING = {
  gift_card: "Gift cards are usually emailed within 24 to 48 hours.",
  cash_out: "Cash-outs are typically processed within 1 business day.",
} as const;

/** Every email goes to the address the player confirmed for this redemption. */
export const redemptionReceivedEmail = (appUrl: string, r: Facts) =>
  composeEmail({
    to: r.email,
    subject: "We received your Pickstreak redemption",
    blocks: [
      {
        kind: "paragraph",
        lines: [`Your ${summary(r)} has been submitted and will be processed shortly.`, TIMING[r.kind]],
      },
      { kind: "action", lead: "You can follow its status here:", label: "See its status", url: link(appUrl) },
    ],
  });

const historyAction = (appUrl: string): EmailBlock => ({
  kind: "action",
  lead: "Your redemption history:",
  label: "See your redemptions",
  url: link(appUrl),
});

/** The admin's note, where they wrote one. */
const noteBlocks = (note: string | null): EmailBlock[] => (note ? [{ kind: "note", text: note }] : []);

export const redemptionFulfilledEmail = (appUrl: string, r: Facts) =>
  composeEmail({
    to: r.email,
    subject: "Your Pickstreak redemption has been fulfilled",
    blocks: [
      { kind: "paragraph", lines: [`Your ${summary(r)} has been fulfilled.`] },
      ...noteBlocks(r.note),
      historyAction(appUrl),
    ],
  });

export const redemptionRejectedEmail = (appUrl: string, r: Facts) =>
  composeEmail({
    to: r.email,
    subject: "Your Pickstreak redemption was not approved",
    blocks: [
      {
        kind: "paragraph",
        lines: [`Your ${summary(r)} was not approved, and the ${r.creditsSpent} credits are back in your balance.`],
      },
      ...noteBlocks(r.note && `Reason: ${r.note}`),
      historyAction(appUrl),
    ],
  });
