import { env } from "cloudflare:test";
import { userShard } from "../db/shards";
import { wrappedD1 } from "./wrapped-d1";

/**
 * - "fail-before-commit": the batch throws without running anything (the request never reached the database).
 * - "lose-answer-after-commit": the batch commits, then throws as if the network dropped D1's answer.
 */
export type FaultMode = "fail-before-commit" | "lose-answer-after-commit";

export type Fault = {
  mode: FaultMode;
  /** The 1-based `batch()` call that fails, counted over the database and its sessions. */
  nth: number;
};

type Batcher = Pick<D1Database, "batch">;

/** The message D1 gives when the connection drops; it must not read as a guard's refusal. */
const LOST = "D1_ERROR: Network connection lost.";

const faultyBatch = (real: Batcher, fault: Fault, counter: { calls: number }): D1Database["batch"] =>
  async function batch<T>(statements: D1PreparedStatement[]) {
    counter.calls += 1;
    if (counter.calls !== fault.nth) return real.batch<T>(statements);
    if (fault.mode === "fail-before-commit") throw new Error(LOST);
    await real.batch<T>(statements);
    throw new Error(LOST);
  };

/** A D1 database whose `nth` batch, counted over the database and its sessions, fails. */
export const faultyD1 = (db: D1Database, fault: Fault): D1Database => {
  const counter = { calls: 0 };
  return wrappedD1(db, (core) => ({
    prepare: (query) => core.prepare(query),
    batch: faultyBatch(core, fault, counter),
  }));
};

/** The test environment with the database holding the player's money faulty (their shard), for `call(path, { env })`. */
export const faultyEnv = (fault: Fault, userId: string): Env => {
  const { binding, db } = userShard(env, userId);
  return { ...env, [binding]: faultyD1(db, fault) };
};
