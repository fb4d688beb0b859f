import type { Page } from "playwright-core";
import { runSql } from "./database";

/** The signed-in player's id, as the app's own API tells it. */
export const myId = (page: Page) =>
  page
    .evaluate(() => fetch("/api/me").then((r) => r.json() as Promise<{ user: { id: string } }>))
    .then((me) => me.user.id);

/** Winnings as a settled pick would pay them: a ledger row and the matching cache update, so the ledger stays whole. */
export const giveWinnings = (userId: string, amount: number) =>
  runSql(
    `INSERT INTO credit_transactions (id, user_id, amount, transaction_type, source, idempotency_key, description, created_at)
     VALUES ('e2e-win-${userId}', '${userId}', ${amount}, 'pick_payout', 'winnings', 'e2e-win:${userId}', 'Pick payout', ${Date.now()});
     UPDATE user_credits SET balance = balance + ${amount}, redeemable = redeemable + ${amount}, total_earned = total_earned + ${amount}
     WHERE user_id = '${userId}';`,
    { player: userId },
  );
