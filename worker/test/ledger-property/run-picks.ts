import { apiClient, successOf } from "../client";
import { signUpAndLogin } from "../accounts";
import type { LedgerModel } from "./ledger-model";
import type { CommandOf } from "./commands";
import { callIn, expectVerdict, MAX_PLAYERS, playerAt, sendOnceOrTwice, type World } from "./world";

export const runPick = async (world: World, model: LedgerModel, step: CommandOf<"pick">) => {
  const player = playerAt(world, step.player);
  const questionId = world.questions[step.question] ?? "";
  const accepted = model.picks.pick(player.userId, questionId, step.choice, step.multiplier);
  const { status } = await sendOnceOrTwice(step.twice, (headers) =>
    callIn(world, "/api/picks", {
      method: "POST",
      headers: { ...player.bearer, ...headers },
      json: { questionId, choice: step.choice, multiplier: step.multiplier },
    }),
  );
  expectVerdict(status, 201, accepted, JSON.stringify(step));
};

export const runResolve = async (world: World, model: LedgerModel, step: CommandOf<"resolve">) => {
  const questionId = world.questions[step.question] ?? "";
  const accepted = model.picks.resolve(questionId, step.outcome, model.step);
  const { status } = await callIn(world, `/api/admin/questions/${questionId}/outcome`, {
    method: "PUT",
    headers: world.admin.bearer,
    json: { outcome: step.outcome, reason: "Model correction" },
  });
  expectVerdict(status, 200, accepted, JSON.stringify(step));
};

export const runDelete = async (world: World, model: LedgerModel, step: CommandOf<"delete">) => {
  const questionId = world.questions[step.question] ?? "";
  const accepted = model.picks.delete(questionId);
  const { status } = await callIn(world, `/api/admin/questions/${questionId}`, {
    method: "DELETE",
    headers: world.admin.bearer,
  });
  expectVerdict(status, 200, accepted, JSON.stringify(step));
};

/** A new player signs up through the API (its bonus is larger with a friend's referral code, read from their invite page). */
export const runSignup = async (world: World, model: LedgerModel, step: CommandOf<"signup">) => {
  if (world.players.length >= MAX_PLAYERS) return;
  const referrer = step.referrer === null ? null : playerAt(world, step.referrer);
  const ref = referrer
    ? (await successOf(apiClient({ headers: referrer.bearer, env: world.env }).referrals.$get())).body.code
    : undefined;
  const account = await signUpAndLogin(`${world.tag.toLowerCase()}-${world.players.length}@signup.example`, {
    ref,
    env: world.env,
  });
  world.players.push({ userId: account.userId, bearer: account.bearer });
  model.addPlayer(account.userId, { referrer: referrer?.userId ?? null });
};
