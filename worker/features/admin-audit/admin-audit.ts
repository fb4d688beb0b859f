import { newId } from "../../lib/ids";

export type AuditEntry = {
  adminId: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  now: number;
};

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** One admin_audit_log row, as a statement so it commits in the same batch as the change it records. */
export const auditStatement = (d1: D1Database, entry: AuditEntry) =>
  d1
    .prepare(
      `INSERT INTO admin_audit_log (id, admin_id, action, entity, entity_id, before, after, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(newId(), entry.adminId, entry.action, entry.entity, entry.entityId, json(entry.before), json(entry.after), entry.now);
