import { isPlayerMoving, playerDb, shardMap } from "./shards";
import { AppError } from "../lib/errors";
import { newId } from "../lib/ids";

/** How long a paused write is told to wait: a move's copy and verify of one bucket range take well under a minute. */
export const MOVE_RETRY_AFTER_SECONDS = 60;

export const ACCOUNT_MOVING_MESSAGE = "Your account is being moved to a new server. Please try again in a minute.";

/** What an admin acting on a moving player, or on every player (deleting a question), is told. */
export const PLAYER_MOVING_MESSAGE =
  "This player's account is being moved to a new server. Please try again in a minute.";
export const PLAYERS_MOVING_MESSAGE =
  "Some players' accounts are being moved to a new server. Please try again in a minute.";

export const writePaused = (message = ACCOUNT_MOVING_MESSAGE) =>
  new AppError("unavailable", message, {}, { "Retry-After": String(MOVE_RETRY_AFTER_SECONDS) });

/**
 * A write for a player whose bucket is being moved answers 503 with Retry-After instead of reaching the source shard;
 * `message` speaks to whoever asked (the player by default, an admin acting on them otherwise).
 */
export const assertPlayerWritable = (env: Env, userId: string, message = ACCOUNT_MOVING_MESSAGE) => {
  if (isPlayerMoving(env, userId)) throw writePaused(message);
};

/** The player's shard, for a write that must wait while their bucket is being moved. */
export const writablePlayerDb = (env: Env, userId: string, message = ACCOUNT_MOVING_MESSAGE) => {
  assertPlayerWritable(env, userId, message);
  return playerDb(env, userId);
};

/** For an admin's write that reaches every shard's players at once: it waits for the move's switch. */
export const assertNoMove = (env: Env) => {
  if (shardMap(env).moving) throw writePaused(PLAYERS_MOVING_MESSAGE);
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
