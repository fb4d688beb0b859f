import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACCOUNT_LINKS, PAYOUT_EMAIL_LINKS } from "./risk-links";

const REQ = `req AS (SELECT value AS rid, 'u' AS user_id, value AS user_email, NULL AS signup_ip, NULL AS referred_by FROM json_each(?1))`;
const planOf = async (links: string) => {
  const sql = `EXPLAIN QUERY PLAN WITH ${REQ}, links(rid, user_id, via) AS (${links}) SELECT * FROM links`;
  return (await env.DB.prepare(sql).bind("[]").all<{ detail: string }>()).results.map(({ detail }) => detail);
};

describe("payout email links", () => {
  it("find a mailbox's spellings through the email indexes instead of reading every account and redemption", async () => {
    const accounts = await planOf(ACCOUNT_LINKS);
    expect(accounts).toContain("SEARCH v USING INDEX users_email_unique (email>? AND email<?)");
    expect(accounts).not.toContain("SCAN v");
    const redemptions = await planOf(PAYOUT_EMAIL_LINKS);
    expect(redemptions).toContain(
      "SEARCH x USING INDEX gift_card_redemptions_payout_email (user_email>? AND user_email<?)",
    );
    expect(redemptions).not.toContain("SCAN x");
  });
});
