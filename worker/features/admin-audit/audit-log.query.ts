import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { afterKeyset, newestFirst } from "../../db/keyset";
import { publicName } from "../../db/public-name";
import { adminAuditLog, contests, questions, scoreFeedAlerts, users } from "../../db/schema";
import type { Keyset } from "../../lib/cursor";

export type AuditFilters = {
  action?: string | undefined;
  entity?: string | undefined;
  adminId?: string | undefined;
  subjectUserId?: string | undefined;
};

const admins = alias(users, "admins");
const subjects = alias(users, "subjects");
const deletion = alias(adminAuditLog, "deletion");
const alertQuestions = alias(questions, "alert_questions");

/** A left-joined player's public name: null where the entry names no one. */
const joinedName = (player: Parameters<typeof publicName>[0], alias: string) =>
  publicName(player, alias) as SQL.Aliased<string | null>;

const about = (entity: string, id: SQLiteColumn) =>
  and(eq(adminAuditLog.entity, entity), eq(id, adminAuditLog.entityId));

/**
 * What the entry is about, by name: the question's or contest's title (or the title its deletion recorded, once it is
 * gone), or the question a score feed alert was about. Null for what has no title (a redemption, an image, a player).
 */
const entityTitle = (db: Db) =>
  sql<string | null>`COALESCE(${questions.title}, ${contests.title}, ${db
    .select({ title: alertQuestions.title })
    .from(scoreFeedAlerts)
    .innerJoin(alertQuestions, eq(alertQuestions.id, scoreFeedAlerts.questionId))
    .where(about("score_feed_alert", scoreFeedAlerts.id))}, ${db
    .select({ title: sql`${deletion.before} ->> '$.title'` })
    .from(deletion)
    .where(
      and(
        eq(deletion.entity, adminAuditLog.entity),
        eq(deletion.entityId, adminAuditLog.entityId),
        eq(deletion.action, "delete"),
      ),
    )
    .limit(1)})`.as("entity_title");

/** Audit entries newest first, with the admin's and the player's names; each filter narrows by its own index. */
export const auditEntries = (db: Db, filters: AuditFilters, after: Keyset | null, limit: number) =>
  db
    .select({
      ...getTableColumns(adminAuditLog),
      adminUsername: joinedName(admins, "admin_username"),
      subjectUsername: joinedName(subjects, "subject_username"),
      entityTitle: entityTitle(db),
    })
    .from(adminAuditLog)
    .leftJoin(admins, eq(admins.id, adminAuditLog.adminId))
    .leftJoin(subjects, eq(subjects.id, adminAuditLog.subjectUserId))
    .leftJoin(questions, about("question", questions.id))
    .leftJoin(contests, about("contest", contests.id))
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
