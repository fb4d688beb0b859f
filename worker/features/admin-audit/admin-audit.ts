import type { DataContext } from "../../db/data-context";
import { batchNamed, type BatchEntry, type NamedResults } from "../../db/statement";
import { newId } from "../../lib/ids";

/** Who changed something: an admin, or the score feed making an unchallenged proposal final (no admin involved). */
export type AuditActor = { kind: "admin"; adminId: string } | { kind: "score_feed" };

export const adminActor = (adminId: string): AuditActor => ({ kind: "admin", adminId });
export const SCORE_FEED_ACTOR: AuditActor = { kind: "score_feed" };

/** The audit log's admin_id and actor columns for an actor. */
export const actorColumns = (actor: AuditActor) => ({
  adminId: actor.kind === "admin" ? actor.adminId : null,
  actor: actor.kind,
});

export type AuditEntry = {
  adminId: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  now: number;
  reason?: string | null;
  /** The player the action concerns, so it shows on their admin page. */
  subjectUserId?: string | null;
  /** The entry's id when it is named after what it records: a repeat then writes no second entry. */
  id?: string;
};

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * One admin_audit_log row, as a statement so it commits in the same batch as the change it records. `onlyIf` is SQL
 * (with its binds) that must hold for the row to be written, such as the change having happened.
 */
export const auditStatement = (
  d1: D1Database,
  entry: AuditEntry,
  onlyIf: { sql: string; params: unknown[] } = { sql: "1", params: [] },
) =>
  d1
    .prepare(
      `INSERT INTO admin_audit_log (id, admin_id, action, entity, entity_id, before, after, created_at, reason, subject_user_id)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${onlyIf.sql}
       ON CONFLICT (id) DO NOTHING`,
    )
    .bind(
      entry.id ?? newId(),
      entry.adminId,
      entry.action,
      entry.entity,
      entry.entityId,
      json(entry.before),
      json(entry.after),
      entry.now,
      entry.reason ?? null,
      entry.subjectUserId ?? null,
      ...onlyIf.params,
    );

/**
 * An admin's change to a player's rows (in their database) with its audit entry (in the catalogue). Where the player's
 * database is the catalogue they are one batch. Otherwise the player's batch commits first and the entry follows, so
 * the log never records a change that was refused; should that second write fail, the change stands and the admin is
 * answered an error.
 */
export const auditedPlayerBatch = async <G extends Record<string, BatchEntry>>(
  data: DataContext,
  db: D1Database,
  statements: G,
  entry: AuditEntry,
): Promise<NamedResults<G>> => {
  if (db === data.catalogue) return batchNamed(db, { ...statements, audit: auditStatement(db, entry) });
  const results = await batchNamed(db, statements);
  await auditStatement(data.catalogue, entry).run();
  return results;
};
