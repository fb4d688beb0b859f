import { REDEMPTION_MIN_CREDITS } from "../../worker/config";
import { LOW_BALANCE, THINK_MS } from "../config";
import { randomInt, sleep, weighted, type SoakContext } from "./context";
import { buyCredits, redeem } from "./money-actions";
import { account, browse, community, pick, reload, toggleBookmark, viewQuestion } from "./player-actions";
import { newPlayer, type Me, type Player } from "./player-state";
import type { Api } from "./session";

type Action = (ctx: SoakContext, player: Player) => Promise<void>;

/**
 * What a player does next. Browsing and picking dominate, as on the real site; a player low on credits mostly
 * buys, and one with enough redeemable winnings (and a country the cards serve) sometimes cashes them in.
 */
const nextAction = (player: Player): Action => {
  const low = player.credits.balance < LOW_BALANCE;
  const canRedeem = player.credits.redeemable >= REDEMPTION_MIN_CREDITS && player.country === "US";
  return weighted<Action>([
    [browse, 28],
    [viewQuestion, 14],
    [pick, 22],
    [toggleBookmark, 9],
    [account, 10],
    [community, 9],
    [buyCredits, low ? 40 : 2],
    [redeem, canRedeem ? 6 : 0],
    [reload, 2],
  ]);
};

/** One player from sign-in to the end of the soak: an action, then a pause to read, until the time is up. */
export const runPlayer = async (ctx: SoakContext, api: Api) => {
  // Players arrive over the first pause rather than all in the same second.
  await sleep(randomInt(0, THINK_MS.max));
  const me = await api<Me>("GET /api/me", "GET", "/api/me");
  if (!me.data) {
    ctx.log(`a player gave up: GET /api/me answered ${me.status}`);
    return;
  }
  const player = newPlayer(api, me.data);
  await browse(ctx, player);
  while (Date.now() < ctx.stopAt) {
    await sleep(randomInt(THINK_MS.min, THINK_MS.max));
    if (Date.now() >= ctx.stopAt) break;
    await nextAction(player)(ctx, player);
  }
};
