import { toCredits, type CreditsRow } from "../features/picks/pick-row";
import { publishToUser } from "./live-shards";

/** After a committed credit change whose new balance the caller does not have at hand: read it and push it. */
export const publishCredits = async (env: Env, userId: string) => {
  const row = await env.DB.prepare("SELECT balance, total_earned, total_spent, redeemable FROM user_credits WHERE user_id = ?")
    .bind(userId)
    .first<CreditsRow>();
  if (row) await publishToUser(env, userId, [{ type: "credits", data: toCredits(row) }]);
};
