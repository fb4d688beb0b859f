import { and, eq, isNull } from "drizzle-orm";
import { createDb } from "../../db/client";
import { boundQuery, writeStatement } from "../../db/compiled";
import { scoreFeedAlerts } from "../../db/schema";
import { batchNamed } from "../../db/statement";
import { AppError } from "../../lib/errors";
import { auditStatement } from "../admin-audit/admin-audit";

/** An admin has looked at a correction; a second dismissal changes nothing. Dismissing never moves credits. */
export const dismissAlert = async (d1: D1Database, id: string, adminId: string, now: number) => {
  const db = createDb(d1);
  const { dismissed, exists } = await batchNamed(d1, {
    dismissed: writeStatement(
      d1,
      db
        .update(scoreFeedAlerts)
        .set({ dismissedAt: now, dismissedBy: adminId })
        .where(and(eq(scoreFeedAlerts.id, id), isNull(scoreFeedAlerts.dismissedAt))),
    ),
    audit: auditStatement(
      d1,
      {
        adminId,
        action: "score_feed_alert_dismissed",
        entity: "score_feed_alert",
        entityId: id,
        before: null,
        after: null,
        now,
      },
      { sql: "changes() > 0", params: [] },
    ),
    exists: boundQuery(
      d1,
      db.select({ id: scoreFeedAlerts.id }).from(scoreFeedAlerts).where(eq(scoreFeedAlerts.id, id)),
    ),
  });
  if (exists.length === 0) throw new AppError("not_found", "Alert not found");
  return { dismissed: dismissed.meta.changes > 0 };
};
