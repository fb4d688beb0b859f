import { WARMUP_CONCURRENCY } from "../config";
import type { SoakContext } from "./context";

/** See SOAK.warmupRequests: the runtime's own climb happens here, before the memory samples start. */
export const warmUp = async (ctx: SoakContext, requests: number) => {
  let sent = 0;
  const worker = async () => {
    while (sent < requests) {
      sent++;
      await ctx.http("GET /api/health (warm-up)", "GET", `${ctx.baseUrl}/api/health`);
    }
  };
  await Promise.all(Array.from({ length: WARMUP_CONCURRENCY }, worker));
};
