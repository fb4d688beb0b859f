import { lt } from "drizzle-orm";
import { RATE_LIMIT_WINDOW_MS } from "../config";
import { createDb } from "../db/client";
import { authTokens, idempotentResponses, rateLimits } from "../db/schema";
import type { DataContext } from "../db/data-context";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Short-lived rows (rate-limit windows in the catalogue, spent tokens and replay answers in each player database)
 * would otherwise grow forever. The catalogue's own player tables are pruned too, so one database is one batch.
 */
export const pruneExpiredRows = async (data: DataContext, now: number) => {
  const databases = new Set([data.catalogue, ...data.players().map(({ db }) => db)]);
  const results = await Promise.all(
    [...databases].map((d1) => {
      const db = createDb(d1);
      return db.batch([
        db.delete(authTokens).where(lt(authTokens.expiresAt, now - DAY_MS)),
        db.delete(idempotentResponses).where(lt(idempotentResponses.createdAt, now - DAY_MS)),
        ...(d1 === data.catalogue
          ? [db.delete(rateLimits).where(lt(rateLimits.windowStart, now - RATE_LIMIT_WINDOW_MS))]
          : []),
      ]);
    }),
  );
  return { deleted: results.flat().reduce((sum, result) => sum + result.meta.changes, 0) };
};
