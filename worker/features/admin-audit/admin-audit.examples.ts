import type { z } from "@hono/zod-openapi";
import type { auditEntrySchema } from "./admin-audit.schemas";

/** The API document's example of an audit entry (checked against the schema by its linters). */
export const exampleAuditEntry = {
  id: "8e2c5a9f-3b7d-4f14-a6c0-9d1e4b8f2a73",
  adminId: "e1d4b7a0-3c6f-4a92-8b15-7f0c2e9d4a61",
  actor: "admin",
  action: "credits_awarded",
  entity: "user",
  entityId: "5f0c6a53-2d4e-4b8a-9a51-0c3e2f7b9d14",
  before: null,
  after: { amount: 50 },
  createdAt: 1767380400000,
  reason: "Compensation for the outage on 1 January",
  subjectUserId: "5f0c6a53-2d4e-4b8a-9a51-0c3e2f7b9d14",
  adminUsername: "pickstreak-ops",
  subjectUsername: "BoldFalcon42",
  entityTitle: null,
} satisfies z.output<typeof auditEntrySchema>;
