import { z } from "@hono/zod-openapi";
import { adminAuditLog } from "../../db/schema";
import { createSelectSchema } from "../../db/zod";

/** One entry of the admin audit log, with both sides' names and the title of what it is about. */
export const auditEntrySchema = createSelectSchema(adminAuditLog, {
  before: z.unknown().openapi({ description: "The changed fields before, as recorded" }),
  after: z.unknown().openapi({ description: "The changed fields after, as recorded" }),
})
  .extend({
    adminUsername: z.string().nullable(),
    subjectUsername: z.string().nullable(),
    entityTitle: z
      .string()
      .nullable()
      .openapi({ description: "The question's or contest's title (also once deleted); null for what has none" }),
  })
  .openapi("AuditEntry");
