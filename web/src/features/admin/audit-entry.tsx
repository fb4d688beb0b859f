import { formatDateTime } from "../../lib/format";
import type { AuditEntry } from "./players-api";

const ENTITY_LABELS: Record<string, string> = {
  question: "question",
  user: "player",
  redemption: "redemption",
  promo_code: "promo code",
  contest: "contest",
  image: "image",
  score_feed_alert: "score feed alert",
};

const ACTION_LABELS: Record<string, string> = {
  create: "Created",
  update: "Edited",
  delete: "Deleted",
  upload: "Uploaded",
  outcome: "Set the outcome of",
  credits_awarded: "Awarded credits to",
  credits_deducted: "Deducted credits from",
  redemption_fulfilled: "Fulfilled",
  redemption_rejected: "Rejected",
  release_hold: "Released the hold on",
  "promo_code.create": "Created",
  "promo_code.update": "Edited",
  score_feed_link: "Linked to the score feed:",
  score_feed_unlink: "Unlinked from the score feed:",
  score_feed_confirm: "Confirmed the score feed's outcome of",
  score_feed_correct: "Corrected the score feed's outcome of",
  score_feed_alert_dismissed: "Dismissed",
};

/** The log's filter: each action the server records, named on its own. */
export const AUDIT_ACTIONS = [
  { value: "create", label: "Created" },
  { value: "update", label: "Edited" },
  { value: "delete", label: "Deleted" },
  { value: "outcome", label: "Outcome set or changed" },
  { value: "credits_awarded", label: "Credits awarded" },
  { value: "credits_deducted", label: "Credits deducted" },
  { value: "redemption_fulfilled", label: "Redemption fulfilled" },
  { value: "redemption_rejected", label: "Redemption rejected" },
  { value: "release_hold", label: "Redemption hold released" },
  { value: "promo_code.create", label: "Promo code created" },
  { value: "promo_code.update", label: "Promo code edited" },
  { value: "upload", label: "Image uploaded" },
  { value: "score_feed_link", label: "Linked to the score feed" },
  { value: "score_feed_unlink", label: "Unlinked from the score feed" },
  { value: "score_feed_confirm", label: "Challenged result confirmed" },
  { value: "score_feed_correct", label: "Challenged result corrected" },
  { value: "score_feed_alert_dismissed", label: "Score feed alert dismissed" },
];
export const AUDIT_ENTITIES = Object.entries(ENTITY_LABELS).map(([value, label]) => ({ value, label }));

const describe = (entry: AuditEntry) =>
  `${ACTION_LABELS[entry.action] ?? entry.action} ${ENTITY_LABELS[entry.entity] ?? entry.entity}`;

const compact = (value: unknown) => (value === null || value === undefined ? "none" : JSON.stringify(value));

/** One admin action: who, when, what, about whom, why, and the recorded before and after. */
export const AuditEntryRow = ({ entry }: { entry: AuditEntry }) => (
  <li className="space-y-1 px-3 py-3 text-sm">
    <p>
      <span className="font-semibold">
        {entry.actor === "score_feed" ? "Score feed" : (entry.adminUsername ?? "Unknown admin")}
      </span>{" "}
      {describe(entry)}{" "}
      {entry.entity === "user" && entry.subjectUsername ? (
        <span className="font-semibold">{entry.subjectUsername}</span>
      ) : (
        <>
          <span className="break-all font-mono text-xs">{entry.entityId}</span>
          {entry.subjectUsername ? (
            <>
              {" "}
              for <span className="font-semibold">{entry.subjectUsername}</span>
            </>
          ) : null}
        </>
      )}
    </p>
    <p className="text-xs text-slate-600 dark:text-slate-400">
      <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt)}</time>
    </p>
    {entry.reason ? <p>Reason: {entry.reason}</p> : null}
    <details className="text-xs">
      <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Before and after</summary>
      <p className="mt-1 break-all font-mono">Before: {compact(entry.before)}</p>
      <p className="break-all font-mono">After: {compact(entry.after)}</p>
    </details>
  </li>
);
