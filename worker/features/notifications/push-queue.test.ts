import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { placePick } from "../../test/players";
import { pushesTo, subscribeDevice, useFakePushService, type Device, type PushStandin } from "../../test/push";
import { insertQuestion } from "../../test/questions";
import { caughtQueue, deliverBatch } from "../../test/queues";
import { signedInPlayerPerShard } from "../../test/shard-players";
import { twoShardEnv } from "../../test/shards";
import { copyQuestions } from "../questions/question-copies";
import { consumeSettlement } from "../settlement/settlement-queue";
import { consumePushes } from "./push-queue";

let standin: PushStandin;

beforeEach(() => {
  standin = useFakePushService();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Two shards with the settlement and push queues caught, so the test delivers each message when it chooses. */
const shardedWorld = () => {
  const settlement = caughtQueue();
  const push = caughtQueue();
  return {
    env: { ...twoShardEnv(), SETTLEMENT_QUEUE: settlement.queue, PUSH_QUEUE: push.queue },
    pushMessages: push.sent,
  };
};

const deliverPushes = (world: Env, bodies: unknown[]) =>
  deliverBatch(consumePushes, "pickstreak-dev-push", world, bodies);

/** A question both players picked, its outcome stored and copied to the shards but not yet settled anywhere. */
const resolvedQuestionPickedByBoth = async (world: Env) => {
  const players = await signedInPlayerPerShard(world, 10);
  const devices: Device[] = [];
  for (const player of players) devices.push(await subscribeDevice(standin, player.bearer, world));
  const questionId = await insertQuestion({ title: "Does the away side score first?", creditCost: 2 });
  await copyQuestions(dataContext(world), [questionId]);
  for (const player of players)
    await placePick(player.userId, questionId, "yes", 1, dataContext(world).player(player.userId));
  await env.DB.prepare("UPDATE questions SET outcome = 'A', status = 'resolved', settlement_version = 1 WHERE id = ?")
    .bind(questionId)
    .run();
  await copyQuestions(dataContext(world), [questionId]);
  return { questionId, devices };
};

describe("the push queue", () => {
  it("sends a shard's notices once its settlement commits, through one message for that shard alone", async () => {
    const world = shardedWorld();
    const { questionId, devices } = await resolvedQuestionPickedByBoth(world.env);
    const won = expect.objectContaining({ title: "You won 4 credits!", body: "Does the away side score first?" });

    await deliverBatch(consumeSettlement, "pickstreak-dev-settlement", world.env, [{ questionId, shard: "SHARD_0" }]);
    expect(world.pushMessages).toEqual([{ shard: "SHARD_0" }]);
    expect(standin.received).toEqual([]);

    const result = await deliverPushes(world.env, world.pushMessages.splice(0));
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(await pushesTo(standin, devices[0]!)).toEqual([won]);
    expect(await pushesTo(standin, devices[1]!)).toEqual([]);

    await deliverBatch(consumeSettlement, "pickstreak-dev-settlement", world.env, [{ questionId, shard: "SHARD_1" }]);
    // Messages for one shard delivered together share one pass, and a repeated message sends nothing twice.
    await deliverPushes(world.env, [...world.pushMessages.splice(0), { shard: "SHARD_1" }, { shard: "SHARD_0" }]);
    expect(await pushesTo(standin, devices[1]!)).toEqual([won]);
    expect(standin.received).toHaveLength(2);
  });

  it("drops a malformed message or one for a shard the map does not have", async () => {
    const world = shardedWorld();
    const result = await deliverPushes(world.env, [{}, { shard: "SHARD_9" }, { shard: 7 }]);
    expect(result.explicitAcks).toEqual(["m0", "m1", "m2"]);
    expect(result.retryMessages).toEqual([]);
  });

  it("sends nothing from a shard while some of its buckets are being moved, and asks again later", async () => {
    const world = shardedWorld();
    const { questionId, devices } = await resolvedQuestionPickedByBoth(world.env);
    await deliverBatch(consumeSettlement, "pickstreak-dev-settlement", world.env, [{ questionId, shard: "SHARD_0" }]);
    world.pushMessages.splice(0);
    const moving: Env = {
      ...world.env,
      USER_SHARD_MAP: { ...twoShardEnv().USER_SHARD_MAP, version: 3, moving: { from: 0, to: 1 } },
    };

    const result = await deliverPushes(moving, [{ shard: "SHARD_0" }]);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(standin.received).toEqual([]);
    expect(world.pushMessages).toEqual([{ shard: "SHARD_0" }]);

    await deliverPushes(world.env, world.pushMessages.splice(0));
    expect(await pushesTo(standin, devices[0]!)).toHaveLength(1);
  });
});
