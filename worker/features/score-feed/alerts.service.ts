import { eq } from "drizzle-orm";
import { createDb } from "../../db/client";
import { boundQuery } from "../../db/compiled";
import { scoreFeedAlerts } from "../../db/schema";
import { batchNamed } from "../../db/statement";
import { AppError } from "../../lib/errors";
import { auditStatement } from "../admin-audit/admin-audit";

/** An admin has looked at a correction; a second dismissal changes nothing. Dismissing never moves credits. */
export const dismissAlert = async (d1: D1Database, id: string, adminId: string, now: number) => {
  const { dismissed, exists } = await batchNamed(d1, {
    dismissed: d1.prepare("UPDATE score_feed_alerts SET dismissed_at = ?, dismissed_by = ? WHERE id = ? AND dismissed_at IS NULL").bind(now, adminId, id),
    audit: auditStatement(
      d1,
      { adminId, action: "score_feed_alert_dismissed", entity: "score_feed_alert", entityId: id, before: null, after: null, now },
      { sql: "changes() > 0", params: [] },
    ),
    exists: boundQuery(d1, createDb(d1).select({ id: scoreFeedAlerts.id }).from(scoreFeedAlerts).where(eq(scoreFeedAlerts.id, id))),
  });
  if (exists.length === 0) throw new AppError("not_found", "Alert not found");
  return { dismissed: dismissed.meta.changes > 0 };
};
