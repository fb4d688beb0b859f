import { payDueContests } from "../features/contests/pay-contests.service";
import { publishCredits } from "../realtime/publish-credits";
import { publishToUser } from "../realtime/live-shards";
import type { CronJob } from "./cron.types";

/** Ends every contest whose time is up and pays its prizes exactly once; winners' open screens see the credits. */
export const payContests: CronJob = (env, now) =>
  payDueContests(env, now, async (prizes) => {
    await Promise.all(
      prizes.map(async (prize) => {
        await publishCredits(env, prize.userId);
        await publishToUser(env, prize.userId, [
          {
            type: "transaction",
            data: { id: prize.transactionId, amount: prize.amount, transactionType: "bonus", description: prize.description, createdAt: prize.createdAt },
          },
        ]);
      }),
    );
  });
