import type { Context } from "hono";
import type { AppEnv } from "../env";
import { log } from "./log";

/**
 * Runs `work` after the answer has gone out. A route whose answer must not depend on a secret (whether an
 * address is registered) answers first, so neither its timing nor its failures can tell; a failure is logged.
 */
export const afterResponse = <E extends AppEnv>(c: Context<E>, event: string, work: () => Promise<unknown>): void => {
  c.executionCtx.waitUntil(
    work().catch((error: unknown) => log("error", event, { requestId: c.var.requestId, error: String(error) })),
  );
};
