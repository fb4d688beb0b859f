import { payDueContests } from "../features/contests/pay-contests.service";
import { publishCredits } from "../features/credits/publish-credits";
import { publishToUser } from "../realtime/live-hubs";
import type { CronJob } from "./cron.types";

/** Ends every contest whose time is up and pays its prizes exactly once; winners' open screens see the credits. */
export const payContests: CronJob = (data, now, env) =>
  payDueContests(data, now, async (prizes) => {
    await Promise.all(
      prizes.map(async (prize) => {
        await publishCredits(data, env, prize.userId);
        await publishToUser(env, prize.userId, [
          {
            type: "transaction",
            data: {
              id: prize.transactionId,
              amount: prize.amount,
              transactionType: "bonus",
              description: prize.description,
              createdAt: prize.createdAt,
            },
          },
        ]);
      }),
    );
  });
