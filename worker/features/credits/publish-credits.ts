import type { DataContext } from "../../db/data-context";
import { firstRow } from "../../db/statement";
import { publishToUser, type LiveEnv } from "../../realtime/live-hubs";
import { creditsStatement, toCredits } from "./credits-row";

/** After a committed credit change whose new balance the caller does not have: read it in the player's database and push it. */
export const publishCredits = async (data: DataContext, live: LiveEnv, userId: string) => {
  const row = await firstRow(creditsStatement(data.player(userId), userId));
  if (row) await publishToUser(live, userId, [{ type: "credits", data: toCredits(row) }]);
};
