import { isPlayerMoving, playerDb } from "../db/shards";
import { AppError } from "./errors";
import { newId } from "./ids";

/** How long a paused write is told to wait: a move's copy and verify of one bucket range take well under a minute. */
export const MOVE_RETRY_AFTER_SECONDS = 60;

export const ACCOUNT_MOVING_MESSAGE = "Your account is being moved to a new server. Please try again in a minute.";

export const writePaused = () =>
  new AppError("unavailable", ACCOUNT_MOVING_MESSAGE, {}, { "Retry-After": String(MOVE_RETRY_AFTER_SECONDS) });

/** A write for a player whose bucket is being moved answers 503 with Retry-After instead of reaching the source shard. */
export const assertPlayerWritable = (env: Env, userId: string) => {
  if (isPlayerMoving(env, userId)) throw writePaused();
};

/** The player's shard, for a write that must wait while their bucket is being moved. */
export const writablePlayerDb = (env: Env, userId: string) => {
  assertPlayerWritable(env, userId);
  return playerDb(env, userId);
};

/**
 * A new account's id, drawn again while it falls in a moving bucket, so sign-up never waits for a move; only a move of
 * nearly every bucket at once could exhaust the draws.
 */
export const newPlayerId = (env: Env) => {
  for (let draw = 0; draw < 64; draw += 1) {
    const id = newId();
    if (!isPlayerMoving(env, id)) return id;
  }
  throw writePaused();
};
