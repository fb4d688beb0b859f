import { and, eq, getTableColumns } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { renamed } from "../../db/columns";
import { afterKeyset, newestFirst } from "../../db/keyset";
import { adminAuditLog, users } from "../../db/schema";
import type { Keyset } from "../../lib/cursor";

export type AuditFilters = {
  action?: string | undefined;
  entity?: string | undefined;
  adminId?: string | undefined;
  subjectUserId?: string | undefined;
};

const admins = alias(users, "admins");
const subjects = alias(users, "subjects");

/** Audit entries newest first, with the admin's and the player's names; each filter narrows by its own index. */
export const auditEntries = (db: Db, filters: AuditFilters, after: Keyset | null, limit: number) =>
  db
    .select({
      ...getTableColumns(adminAuditLog),
      adminUsername: renamed(admins.username, "admin_username"),
      subjectUsername: renamed(subjects.username, "subject_username"),
    })
    .from(adminAuditLog)
    .leftJoin(admins, eq(admins.id, adminAuditLog.adminId))
    .leftJoin(subjects, eq(subjects.id, adminAuditLog.subjectUserId))
    .where(
      and(
        filters.action ? eq(adminAuditLog.action, filters.action) : undefined,
        filters.entity ? eq(adminAuditLog.entity, filters.entity) : undefined,
        filters.adminId ? eq(adminAuditLog.adminId, filters.adminId) : undefined,
        filters.subjectUserId ? eq(adminAuditLog.subjectUserId, filters.subjectUserId) : undefined,
        afterKeyset(adminAuditLog, after),
      ),
    )
    .orderBy(...newestFirst(adminAuditLog))
    .limit(limit);
