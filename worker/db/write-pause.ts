import { AppError } from "../lib/errors";

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
