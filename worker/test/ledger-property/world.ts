import { expect } from "vitest";
import type { Json } from "../../../scripts/stripe-standin/objects";
import { playerDb } from "../../db/shards";
import { dataContext } from "../../db/data-context";
import { copyUsers } from "../../features/auth/directory";
import { copyQuestions } from "../../features/questions/question-copies";
import { apiClient, successOf } from "../client";
import { callJson } from "../http";
import { grantCredits } from "../ledger";
import { insertQuestion } from "../questions";
import { signedInAdmin, signedInPlayer } from "../sessions";
import type { FakeStripe } from "../stripe";
import { withQueuesCaught } from "../queues";
import type { LedgerModel } from "./ledger-model";

export type Actor = { userId: string; bearer: Record<string, string> };
export type PaidSession = { id: string; owner: Actor; paymentIntent: string; amount: number; completed: Json };

/** The real side of one run: who acts, and the ids of what the commands created, in the model's order. */
export type World = {
  /** The environment every request of the run goes to, with its queues caught (`deliverAll` runs their consumers). */
  env: Env;
  deliverAll: () => Promise<void>;
  tag: string;
  stripe: FakeStripe;
  admin: Actor;
  players: Actor[];
  questions: string[];
  contests: string[];
  sessions: PaidSession[];
  promoCodes: string[];
  redemptions: string[];
};

// A small world per run keeps 100 runs fast; sign-ups can add players up to MAX_PLAYERS.
const QUESTION_COSTS = [0, 2, 1, 3];
export const BASE_PLAYERS = 3;
const CONTESTS = 2;
export const MAX_PLAYERS = 5;

const createContest = async (testEnv: Env, admin: Actor) => {
  const { status, body } = await successOf(
    apiClient({ headers: admin.bearer, env: testEnv }).admin.contests.$post({
      json: { durationDays: 3, startsAt: Date.now() },
    }),
  );
  expect(status).toBe(201);
  return body.contest.id;
};

/**
 * Players with live sessions and the winnings of earlier days (no command pays winnings but a won pick, and
 * redemptions need some), and an admin: written to D1, since a sign-up's password hash would dominate the run.
 */
export const createWorld = async (
  testEnv: Env,
  stripe: FakeStripe,
  model: LedgerModel,
  earlierWinnings: number[],
): Promise<World> => {
  const { env, deliverAll } = withQueuesCaught(testEnv);
  const admin = await signedInAdmin(env);
  const players = await Promise.all(
    earlierWinnings.map(async (winnings) => {
      const player = await signedInPlayer(0, env);
      if (winnings > 0) await grantCredits(player.userId, winnings, "winnings", playerDb(env, player.userId));
      model.addPlayer(player.userId, { winnings });
      return player;
    }),
  );
  // Sign-up upper-cases the code it is given, as real codes are; the helper's are lower-case hex.
  const ids = players.map((player) => player.userId);
  await env.DB.prepare(
    `UPDATE users SET referral_code = upper(referral_code) WHERE id IN (${ids.map(() => "?").join(", ")})`,
  )
    .bind(...ids)
    .run();
  await copyUsers(dataContext(env), ids);
  const questions = await Promise.all(QUESTION_COSTS.map((cost) => insertQuestion({ creditCost: cost })));
  await copyQuestions(dataContext(env), questions);
  questions.forEach((id, i) => model.picks.addQuestion(id, QUESTION_COSTS[i] ?? 0));
  const contests: string[] = [];
  for (let i = 0; i < CONTESTS; i++) {
    contests.push(await createContest(env, admin));
    model.contests.add();
  }
  const tag = crypto.randomUUID().replaceAll("-", "").slice(0, 12).toUpperCase();
  return {
    env,
    deliverAll,
    tag,
    stripe,
    admin,
    players,
    questions,
    contests,
    sessions: [],
    promoCodes: [],
    redemptions: [],
  };
};

/** A request of the run, to its environment. */
export const callIn = (world: World, path: string, init: Omit<Parameters<typeof callJson>[1], "env"> = {}) =>
  callJson(path, { ...init, env: world.env });

/** The item an index names, modulo what exists (undefined when nothing does). */
export const nth = <T>(items: readonly T[], index: number) =>
  items.length === 0 ? undefined : { item: items[index % items.length] as T, index: index % items.length };

export const playerAt = (world: World, index: number) => world.players[index % world.players.length] as Actor;

/**
 * Sends a request once, or twice with one Idempotency-Key: the repeat must get the same answer and move nothing.
 * Returns the first answer.
 */
export const sendOnceOrTwice = async <R extends { status: number }>(
  twice: boolean,
  send: (headers: Record<string, string>) => Promise<R>,
) => {
  const headers: Record<string, string> = twice ? { "Idempotency-Key": crypto.randomUUID() } : {};
  const first = await send(headers);
  if (twice) expect((await send(headers)).status, "a repeat with the same Idempotency-Key").toBe(first.status);
  return first;
};

/** The worker accepted (with `ok`) exactly when the model says it must; a refusal is a 4xx, never a 5xx. */
export const expectVerdict = (status: number, ok: number, accepted: boolean, label: string) => {
  if (accepted) expect(status, `${label} should be accepted`).toBe(ok);
  else {
    expect(status, `${label} should be refused`).not.toBe(ok);
    expect(status, `${label} should be refused with a 4xx`).toBeLessThan(500);
  }
};
