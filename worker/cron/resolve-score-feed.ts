import { readSettings } from "../env";
import { broadcast } from "../realtime/live-hubs";
import { scoreFeedProvider } from "../features/score-feed/configured-feed";
import { finaliseDue } from "../features/score-feed/finalise.service";
import { pollScoreFeed } from "../features/score-feed/poll.service";
import { publishSettlement } from "../features/settlement/settlement-events";
import type { CronJob } from "./cron.types";

/**
 * Asks the score feed about linked questions (proposals, corrections), then makes the proposals whose challenge
 * window has passed final. Finalising needs no feed, so it runs with the feed down or switched off.
 */
export const resolveFromScoreFeed = (async (data, now, env) => {
  const provider = scoreFeedProvider(readSettings(env));
  const polled = provider ? await pollScoreFeed(data.catalogue, provider, now) : null;
  await Promise.all(
    (polled?.changedQuestions ?? []).map((id) => broadcast(env, { type: "question.updated", data: { id } })),
  );
  const finalised = await finaliseDue(data, now, async ({ questionId, result }) => {
    await broadcast(env, { type: "question.updated", data: { id: questionId } });
    await publishSettlement(data, env, questionId, result.settledUsers);
  });
  return { polled: polled ?? "off", finalised };
}) satisfies CronJob;
