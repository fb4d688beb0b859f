import { playerDb } from "../db/shards";
import { firstRow } from "../db/statement";
import { creditsStatement, toCredits } from "../features/picks/pick-row";
import { publishToUser } from "./live-shards";

/** After a committed credit change whose new balance the caller does not have: read it in the player's shard and push it. */
export const publishCredits = async (env: Env, userId: string) => {
  const row = await firstRow(creditsStatement(playerDb(env, userId), userId));
  if (row) await publishToUser(env, userId, [{ type: "credits", data: toCredits(row) }]);
};
