import { formatDateTime } from "../../lib/format";
import { auditChanges } from "./audit-changes";
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

const none = <span className="text-slate-600 dark:text-slate-400">none</span>;

/** The recorded fields: a creation's values, a deletion's, or each edited field's value before and after. */
const Changes = ({ entry }: { entry: AuditEntry }) => {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return null;
  const created = entry.before == null;
  const removed = entry.after == null;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-slate-700 dark:text-slate-300">
        {created ? "Values set" : removed ? "Values before" : "Before and after"}
      </summary>
      <dl className="mt-1 space-y-1">
        {changes.map((change) => (
          <div key={change.field} className="wrap-anywhere">
            <dt className="inline font-semibold">{change.field}: </dt>
            <dd className="inline">
              {created ? (
                (change.after ?? none)
              ) : removed ? (
                (change.before ?? none)
              ) : (
                <>
                  {change.before ?? none} <span aria-hidden="true">→</span>
                  <span className="sr-only">changed to</span> {change.after ?? none}
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
};

/** What the entry is about: a player by name, a question or contest by title, a promo code by itself, else its id. */
const Subject = ({ entry }: { entry: AuditEntry }) => {
  if (entry.entity === "user" && entry.subjectUsername)
    return <span className="font-semibold">{entry.subjectUsername}</span>;
  const named = entry.entityTitle ?? (entry.entity === "promo_code" ? entry.entityId : null);
  return (
    <>
      {named ? (
        <span className="font-semibold">{named}</span>
      ) : (
        <span className="break-all font-mono text-xs">{entry.entityId}</span>
      )}
      {entry.subjectUsername ? (
        <>
          {" "}
          for <span className="font-semibold">{entry.subjectUsername}</span>
        </>
      ) : null}
    </>
  );
};

/** One admin action: who, when, what, about whom, why, and the recorded values in words. */
export const AuditEntryRow = ({ entry }: { entry: AuditEntry }) => (
  <li className="space-y-1 px-3 py-3 text-sm" data-testid="audit-entry">
    <p className="wrap-anywhere">
      <span className="font-semibold">
        {entry.actor === "score_feed" ? "Score feed" : (entry.adminUsername ?? "Unknown admin")}
      </span>{" "}
      {describe(entry)} <Subject entry={entry} />
    </p>
    <p className="text-xs text-slate-600 dark:text-slate-400">
      <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt)}</time>
    </p>
    {entry.reason ? <p className="wrap-anywhere">Reason: {entry.reason}</p> : null}
    <Changes entry={entry} />
  </li>
);
