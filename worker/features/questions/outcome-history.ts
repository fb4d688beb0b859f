import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { adminAuditLog, type outcomes } from "../../db/schema";
import type { OutcomeChange } from "./questions.schemas";

type Outcome = (typeof outcomes)[number];

/**
 * Every outcome the question was given, as the audit log recorded it (settlement's one path for an outcome writes an
 * entry in the same batch, docs/decisions/0004-settlement-versions.md): the state the change left, read inside that
 * batch, and the reason. Ordered by the settlement version each change raised, which is the order they took effect in.
 */
export const outcomeEntries = (db: Db, questionId: string) =>
  db
    .select({
      outcome: sql<Outcome>`${adminAuditLog.after} ->> '$.outcome'`,
      version: sql<number>`${adminAuditLog.after} ->> '$.settlementVersion'`.as("version"),
      reason: adminAuditLog.reason,
      changedAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.entity, "question"),
        eq(adminAuditLog.entityId, questionId),
        eq(adminAuditLog.action, "outcome"),
      ),
    )
    .orderBy(asc(sql`version`), asc(sql`${adminAuditLog}.rowid`));

type Entry = Awaited<ReturnType<typeof outcomeEntries>>[number];

/**
 * The changes players see. An entry that raised no version (the same outcome asked for again, or a concurrent request
 * for one that had just been set) changed nothing and is left out; of entries naming one version the first is the
 * change itself. Each change replaced the outcome the one before it left.
 */
export const outcomeChanges = (entries: readonly Entry[]): OutcomeChange[] => {
  const changes: OutcomeChange[] = [];
  let previous: { outcome: Outcome; version: number } = { outcome: "unresolved", version: 0 };
  for (const { outcome, version, reason, changedAt } of entries) {
    if (version <= previous.version) continue;
    changes.push({ previousOutcome: previous.outcome, outcome, reason, changedAt });
    previous = { outcome, version };
  }
  return changes;
};
